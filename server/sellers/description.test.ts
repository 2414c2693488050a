import { describe, expect, it } from 'vitest';
import { composeDescription, GENERATED_LABEL, httpProvider, secondLanguageFor, templateProvider, type ListingFacts } from './description';

const facts: ListingFacts = {
  classification: 'rent',
  propertySubType: null,
  city: 'Kathmandu',
  stateProvince: 'Bagmati',
  neighbourhood: 'Thamel',
  bedrooms: 1,
  bathrooms: 1,
  area: null,
  lotSize: null,
  yearBuilt: 2010,
  garageBays: null,
  amenities: ['Solar panels'],
  priceInPennies: 2_500_000,
  priceCurrencyCode: 'NPR',
};

describe('the template composer', () => {
  it('composes the same text from the same facts, per language, starting with a capital', () => {
    const en = composeDescription(facts, 'en');
    expect(en).toBe(composeDescription(facts, 'en'));
    expect(en.startsWith('Home for rent in Thamel, Kathmandu, Bagmati.')).toBe(true);
    expect(en).toContain('It has 1 bedroom and 1 bathroom.');
    expect(en).toContain('Features include solar panels.');
    expect(composeDescription(facts, 'es')).toContain('Vivienda en alquiler en Thamel');
    const ne = composeDescription(facts, 'ne');
    expect(ne).toContain('भाडामा');
    expect(ne).toContain('२०१० मा निर्मित।');
    expect(secondLanguageFor('NP')).toBe('ne');
    expect(secondLanguageFor('US')).toBe('es');
  });

  it('names the property type in the language of the text, never English in Spanish (issue 36)', () => {
    const house = { ...facts, classification: 'sale' as const, propertySubType: 'Single-family home' };
    expect(composeDescription(house, 'en')).toMatch(/^Single-family home for sale in /);
    expect(composeDescription(house, 'es')).toMatch(/^Casa unifamiliar en venta en /);
    expect(composeDescription({ ...house, propertySubType: 'Lot or land' }, 'es')).toMatch(/^Terreno en venta en /);
    expect(composeDescription({ ...house, propertySubType: 'Lot or land' }, 'ne')).toContain('जग्गा');
    // A type of a feed that we have no name for: the language's word for a home.
    expect(composeDescription({ ...house, propertySubType: 'Quadruplex' }, 'es')).toMatch(/^Vivienda en venta en /);
    expect(composeDescription({ ...house, propertySubType: 'Quadruplex' }, 'en')).toMatch(/^Quadruplex for sale in /);
  });

  it('translates only what it composed, and says so', async () => {
    const en = composeDescription(facts, 'en');
    await expect(templateProvider.translate(en, 'en', 'es', facts)).resolves.toEqual({ text: composeDescription(facts, 'es'), language: 'es', label: GENERATED_LABEL });
    await expect(templateProvider.translate('Free words', 'en', 'es', facts)).rejects.toThrow('No translation service is configured');
  });

  it('an HTTP service that fails or answers nonsense is an error, not a silent copy', async () => {
    const failing = httpProvider('http://translator.test/', async () => new Response('nope', { status: 502 }));
    await expect(failing.translate('Hello', 'en', 'es', null)).rejects.toThrow('The translation service answered 502.');
    const empty = httpProvider('http://translator.test/', async () => Response.json({ text: '' }));
    await expect(empty.translate('Hello', 'en', 'es', null)).rejects.toThrow('without a text');
    const ok = httpProvider('http://translator.test/', async () => Response.json({ text: 'Hola' }));
    await expect(ok.translate('Hello', 'en', 'es', null)).resolves.toEqual({ text: 'Hola', language: 'es', label: 'Machine translated' });
  });
});
