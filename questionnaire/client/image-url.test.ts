import { describe, expect, it } from 'vitest';
import { questionnaireImageUrl } from './image-url';

const page = (hearth: Record<string, string> | undefined) =>
  ({ hearth, location: { origin: 'https://agent.example' } }) as unknown as Window;

describe('questionnaire images (widget spec §7 image asset path)', () => {
  const win = page({ api: 'https://api.hearth.example/' });

  it('reads a bare name, the default thumbnail default.png included, from our image assets on the API origin', () => {
    expect(questionnaireImageUrl('default.png', win)).toBe('https://api.hearth.example/cdn/v1/assets/questionnaire/default.png');
    expect(questionnaireImageUrl('./yes.png', win)).toBe('https://api.hearth.example/cdn/v1/assets/questionnaire/yes.png');
  });

  it('uses the CDN folder of the bundle when the loader names one', () => {
    const cdn = page({ api: 'https://api.hearth.example', cdn: 'https://cdn.hearth.example/v1/' });
    expect(questionnaireImageUrl('default.png', cdn)).toBe('https://cdn.hearth.example/v1/assets/questionnaire/default.png');
  });

  it('reads site paths from the API origin, never the agent page', () => {
    expect(questionnaireImageUrl('/media/q/help.png', win)).toBe('https://api.hearth.example/media/q/help.png');
    expect(questionnaireImageUrl('//img.example/x.png', win)).toBe('https://img.example/x.png');
  });

  it('keeps absolute http(s) URLs', () => {
    expect(questionnaireImageUrl('https://img.example/a.png', win)).toBe('https://img.example/a.png');
    expect(questionnaireImageUrl('HTTP://img.example/a.png', win)).toBe('HTTP://img.example/a.png');
  });
});
