/** Who signs the marketing materials (issue 36): the partner's agent, else the partner itself, once. */
import { describe, expect, it } from 'vitest';
import { brandingOf } from './marketing';

describe('brandingOf (issue 36: who signs the materials)', () => {
  it('the partner’s agent with the brokerage; without an agent, the partner once and its logo for the picture', () => {
    const withAgent = brandingOf({ slug: 'acme', name: 'Acme', appContext: { agentName: 'Avery Stone', agentPic: '/static/demo/avery.svg', partner: { name: 'Acme Realty' } } }, 'https://hearth.example');
    expect(withAgent).toMatchObject({ agentName: 'Avery Stone', brokerage: 'Acme Realty', agentPictureUrl: 'https://hearth.example/static/demo/avery.svg' });
    const partnerOnly = brandingOf({ slug: 'hearth', name: 'Hearth', appContext: { partner: { name: 'Hearth', logo: '/static/logo.png' } } }, 'https://hearth.example');
    expect(partnerOnly).toMatchObject({ agentName: 'Hearth', brokerage: '', agentPictureUrl: 'https://hearth.example/static/logo.png' });
    // A number the partner has not set is left out (issue 35: never ours); one it has set is shown formatted.
    expect(partnerOnly.agentPhones).toBe('');
    const withOffice = brandingOf({ slug: 'hearth', name: 'Hearth', appContext: { officeNumber: '+18015550100', partner: { name: 'Hearth' } } }, 'https://hearth.example');
    expect(withOffice.agentPhones).toMatch(/^Office \(801\) 555-0100/);
  });
});
