import { describe, expect, it } from 'vitest';
import { NOTIFICATION_SETTING_KEYS, notificationSettingsProblem, notificationSettingValues } from './notification-settings';

describe('notification settings', () => {
  it('reads what a user stored, each setting never chosen at its default', () => {
    expect(notificationSettingValues({})).toEqual({ savedSearchEmails: true });
    expect(notificationSettingValues({ savedSearchEmails: false, legacy: 'x' })).toEqual({ savedSearchEmails: false });
    expect(notificationSettingValues({ savedSearchEmails: 'no' })).toEqual({ savedSearchEmails: true });
    expect(notificationSettingValues(null)).toEqual({ savedSearchEmails: true });
    expect(NOTIFICATION_SETTING_KEYS).toEqual(['savedSearchEmails']);
  });

  it('takes only known settings, on or off', () => {
    expect(notificationSettingsProblem({ savedSearchEmails: false })).toBeNull();
    expect(notificationSettingsProblem({})).toBeNull();
    expect(notificationSettingsProblem({ toString: true })).toBe('There is no notification setting called “toString”.');
    expect(notificationSettingsProblem({ savedSearchEmails: 1 })).toBe('The notification setting “savedSearchEmails” is on or off (true or false).');
    expect(notificationSettingsProblem([])).toBe('Notification settings must be an object of on/off values.');
    expect(notificationSettingsProblem(null)).toBe('Notification settings must be an object of on/off values.');
  });
});
