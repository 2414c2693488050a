/**
 * The marketing editor's rules (issue 20), pure: a draft from a saved material, the texts and photos the live
 * preview draws from a draft (the user's edits over the listing's defaults, exactly as the server fills them),
 * choosing photos up to the template's slots, and whether a draft differs from what was saved.
 */
import { marketingTexts as t } from '../i18n/marketing';
import type { TextSource } from './layout';
import type { MarketingMaterial, MarketingPhoto, MarketingTemplate, MaterialDraft } from './marketing-api';

/** The draft a saved material starts the editor with. */
export function draftOf(material: MarketingMaterial): MaterialDraft {
  return { texts: { ...material.dataStructure.texts }, photoIds: [...material.dataStructure.photoIds], openHouseId: material.openHouse?.id ?? null };
}

/** What an untouched field shows: the server's default, except the open house line, which follows the chosen open house. */
export function defaultText(material: MarketingMaterial, draft: MaterialDraft, key: string): string {
  if (key === 'openHouseLine') {
    const house = material.fill.openHouses.find((h) => h.id === draft.openHouseId);
    return house ? t.openHouseLine(house.label) : '';
  }
  return material.fill.defaults[key] ?? '';
}

/** The value an editable field shows. */
export const fieldValue = (material: MarketingMaterial, draft: MaterialDraft, key: string) => draft.texts[key] ?? defaultText(material, draft, key);

/** Every text the preview draws. */
export function previewTexts(material: MarketingMaterial, template: MarketingTemplate, draft: MaterialDraft): Partial<Record<TextSource, string>> {
  const texts: Record<string, string> = { ...material.fill.texts };
  for (const field of template.fields) texts[field.key] = fieldValue(material, draft, field.key);
  return texts;
}

/** The photos the preview draws, slot by slot: the chosen ones, or the listing's first ones. */
export function previewPhotos(material: MarketingMaterial, template: MarketingTemplate, draft: MaterialDraft): MarketingPhoto[] {
  const all = material.fill.listingPhotos;
  if (!draft.photoIds.length) return all.slice(0, template.photoSlots);
  return draft.photoIds.map((id) => all.find((p) => Number(p.id) === id)).filter((p): p is MarketingPhoto => Boolean(p));
}

/**
 * Adds or removes a photo from the photos shown now (`chosen`: the draft's, or the listing's first ones when the
 * draft names none); adding past the template's slots drops the oldest choice after the cover.
 */
export function togglePhoto(chosen: readonly number[], photoId: number, slots: number): number[] {
  if (chosen.includes(photoId)) return chosen.filter((id) => id !== photoId);
  const next = [...chosen, photoId];
  if (next.length > slots) next.splice(slots > 1 ? 1 : 0, 1);
  return next;
}

/** Sets a field; a value equal to its default is not stored (the default keeps following the listing). */
export function setText(material: MarketingMaterial, draft: MaterialDraft, key: string, value: string): MaterialDraft {
  const texts = { ...draft.texts };
  if (value === defaultText(material, draft, key) && material.dataStructure.texts[key] === undefined) delete texts[key];
  else texts[key] = value;
  return { ...draft, texts };
}

export function isDirty(material: MarketingMaterial, draft: MaterialDraft): boolean {
  const saved = draftOf(material);
  return JSON.stringify(saved.texts) !== JSON.stringify(draft.texts) || saved.photoIds.join() !== draft.photoIds.join() || saved.openHouseId !== draft.openHouseId;
}

/** Characters left in a field (code points, as the server counts). */
export const charactersLeft = (value: string, maxLength: number) => maxLength - [...value].length;
