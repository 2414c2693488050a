/**
 * Where a questionnaire image named in the markup comes from (widget spec §7 "Image asset path for radio
 * thumbnails"; help images too). Inside a shadow root on an agent's page a relative `src` would resolve
 * against the agent's origin, so nothing here stays relative:
 * - `https://…` / `http://…` stays as written;
 * - a site path (`/media/…`) is read from the API origin;
 * - a bare name (`default.png`, the default thumbnail) is one of our image assets, shipped with the bundle.
 */
import { assetUrl, runtimeSettings } from '../../core/config/context';

export const IMAGE_ASSET_FOLDER = 'questionnaire';

export function questionnaireImageUrl(name: string, win: Window = window): string {
  if (/^https?:\/\//i.test(name)) return name;
  if (name.startsWith('//')) return `${new URL(runtimeSettings(win).api).protocol}${name}`;
  if (name.startsWith('/')) return `${runtimeSettings(win).api}${name}`;
  return assetUrl(`${IMAGE_ASSET_FOLDER}/${name.replace(/^(\.\/)+/, '')}`, win);
}
