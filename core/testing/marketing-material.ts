/** A template and a saved material of <hearth-marketing>, shared by the element's test and its hook's. */
import type { MarketingMaterial, MarketingTemplate } from '../marketing/marketing-api';

export const template: MarketingTemplate = {
  id: 'social-square',
  name: 'Social post (square)',
  category: 'SOCIAL',
  imageUrl: 'https://api.test/v1/api/marketing-templates/social-square/preview.png',
  width: 1080,
  height: 1080,
  photoSlots: 1,
  fields: [
    { key: 'headline', label: 'Headline', maxLength: 40, multiline: false },
    { key: 'priceLine', label: 'Price line', maxLength: 40, multiline: false },
  ],
  layout: {
    background: 'primary',
    items: [
      { kind: 'photo', slot: 0, x: 0, y: 0, w: 1080, h: 740 },
      { kind: 'text', source: 'headline', x: 50, y: 770, w: 760, size: 64, bold: true, color: 'white', maxLines: 1 },
      { kind: 'text', source: 'priceLine', x: 50, y: 860, w: 760, size: 52, color: 'white', maxLines: 1 },
      { kind: 'image', source: 'qr', x: 855, y: 785, w: 180, h: 180 },
    ],
  },
};

export const material: MarketingMaterial = {
  id: '5',
  applicationCaseId: '7',
  dataStructure: { texts: {}, photoIds: [] },
  imageUrl: 'https://api.test/v1/api/marketing-materials/5/png?s',
  pdfUrl: 'https://api.test/v1/api/marketing-materials/5/pdf?s&download=1',
  pngUrl: 'https://api.test/v1/api/marketing-materials/5/png?s&download=1',
  pdfFileName: 'social-square-5.pdf',
  pngFileName: 'social-square-5.png',
  modified: '2026-03-05T17:00:00.000Z',
  renderStatus: 'READY',
  template: { id: 'social-square' },
  openHouse: null,
  fill: {
    texts: { headline: 'Just Listed', priceLine: '$525,000', address: '1450 S Foothill Dr' },
    defaults: { headline: 'Just Listed', priceLine: '$525,000' },
    listingUrl: 'https://partner.test/listing/a/b',
    primaryColor: '#0b6e4f',
    agentPictureUrl: null,
    qr: { size: 21, path: 'M0 0h7v1h-7z' },
    listingPhotos: [
      { id: '11', caption: 'Front', url: 'https://api.test/media/listing-photos/1/a-1200.jpg' },
      { id: '12', caption: '', url: 'https://api.test/media/listing-photos/1/b-1200.jpg' },
    ],
    openHouses: [],
  },
};
