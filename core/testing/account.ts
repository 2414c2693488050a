/** A signed-in user's account as `me` answers it, for the tests of core/accounts and <hearth-account>. */
import type { Account } from '../accounts/account-api';

export const account = (overrides: Partial<Account> = {}): Account => ({
  id: '42',
  firstName: 'Ada',
  lastName: 'Lovelace',
  legalName: '',
  email: 'ada@example.com',
  emailVerified: true,
  phone: '',
  phoneText: '',
  agent: false,
  image: null,
  hasPassword: true,
  googleLinked: false,
  notificationSettings: {},
  ...overrides,
});
