/**
 * The sell page's typed address in parts (issue 36): what people type, with and without commas, states, ZIPs
 * and units, Utah's grid streets; hostile and empty text refused with a sentence naming `text`.
 */
import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain-error';
import { parseTypedAddress } from './address';

const KNOWN = new Set(['provo', 'salt lake city', 'south salt lake']);
const parse = (text: string) => parseTypedAddress(text, (name) => KNOWN.has(name.toLowerCase()));

describe('parseTypedAddress', () => {
  it.each([
    ['1234 S 700 E, Salt Lake City, UT 84106', { street: '1234 S 700 E', unit: null, city: 'Salt Lake City', state: 'UT', zip: '84106' }],
    ['100 N Main St Provo', { street: '100 N Main St', unit: null, city: 'Provo', state: null, zip: null }],
    ['100 North Main Street, Provo, Utah 84601', { street: '100 N Main St', unit: null, city: 'Provo', state: 'UT', zip: '84601' }],
    ['1234 South 700 East #12 Salt Lake City Utah 84106-1234', { street: '1234 S 700 E', unit: '#12', city: 'Salt Lake City', state: 'UT', zip: '84106-1234' }],
    ['55 W 2100 S Apt 3, South Salt Lake, UT', { street: '55 W 2100 S', unit: 'Apt 3', city: 'South Salt Lake', state: 'UT', zip: null }],
    ['12 elm st apt 4b boston ma 02115', { street: '12 Elm St', unit: 'Apt 4b', city: 'Boston', state: 'MA', zip: '02115' }],
    ['1600 Pennsylvania Ave NW, Washington, DC 20500, USA', { street: '1600 Pennsylvania Ave NW', unit: null, city: 'Washington', state: 'DC', zip: '20500' }],
    // A city nobody told us of: the words the street parser leaves over.
    ['742 Evergreen Terrace Springfield', { street: '742 Evergreen Ter', unit: null, city: 'Springfield', state: null, zip: null }],
    // The place search's own suggestions, a city or a ZIP alone.
    ['84106, Salt Lake City, UT, USA', { street: '', unit: null, city: 'Salt Lake City', state: 'UT', zip: '84106' }],
    ['Salt Lake City, UT', { street: '', unit: null, city: 'Salt Lake City', state: 'UT', zip: null }],
    ['84106', { street: '', unit: null, city: null, state: null, zip: '84106' }],
    // A street the parser reads short ("4419 W Cyn") is kept as typed.
    ['4419 W Canyon View Dr, St. George, UT 84770', { street: '4419 W Canyon View Dr', unit: null, city: 'St. George', state: 'UT', zip: '84770' }],
    ['4419 w canyon view dr #7, St. George, UT', { street: '4419 W Canyon View Dr', unit: '#7', city: 'St. George', state: 'UT', zip: null }],
    // Street words that are also state codes are not taken for states.
    ['12 Oak Ct', { street: '12 Oak Ct', unit: null, city: null, state: null, zip: null }],
    ['1234 S 700 E', { street: '1234 S 700 E', unit: null, city: null, state: null, zip: null }],
  ])('%s', (typed, parts) => {
    expect(parse(typed)).toEqual(parts);
  });

  it.each([
    ['', 'Type the address of the home.'],
    ['  ,  ', 'Type the address of the home.'],
    ['<script>alert(1)</script>', "An address holds letters, digits, spaces and . , # ' / - & only."],
    ['1 Main St; DROP TABLE listings', "An address holds letters, digits, spaces and . , # ' / - & only."],
    ['1 Main St {{price}}', "An address holds letters, digits, spaces and . , # ' / - & only."],
    [`1 ${'Long '.repeat(40)}St`, 'The address must be at most 200 characters.'],
  ])('refuses %j clearly', (typed, message) => {
    let error: unknown;
    try {
      parse(typed);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).message).toBe(message);
    expect((error as DomainError).argumentName).toBe('text');
  });
});
