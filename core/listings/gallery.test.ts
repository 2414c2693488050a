import { describe, expect, it } from 'vitest';
import {
  clampIndex,
  galleryIndexOf,
  galleryPhotos,
  galleryPath,
  lightboxLayout,
  openingTab,
  pathWithoutGallery,
  photoRows,
  showcaseTabs,
  stepIndex,
  videoEmbedUrl,
} from './gallery';

describe('stepIndex', () => {
  it('moves forward and back', () => {
    expect(stepIndex(0, 1, 3)).toBe(1);
    expect(stepIndex(2, -1, 3)).toBe(1);
  });

  it('wraps around both ends', () => {
    expect(stepIndex(2, 1, 3)).toBe(0);
    expect(stepIndex(0, -1, 3)).toBe(2);
  });

  it('stays at 0 without photos', () => {
    expect(stepIndex(0, 1, 0)).toBe(0);
  });
});

describe('clampIndex', () => {
  it('keeps an index in range', () => {
    expect(clampIndex(2, 5)).toBe(2);
  });

  it('clamps past either end', () => {
    expect(clampIndex(9, 5)).toBe(4);
    expect(clampIndex(-3, 5)).toBe(0);
  });

  it('falls back to 0 for missing or fractional indexes', () => {
    expect(clampIndex(null, 5)).toBe(0);
    expect(clampIndex(1.5, 5)).toBe(0);
    expect(clampIndex(3, 0)).toBe(0);
  });
});

describe('lightboxLayout (breakpoints 1060 px and 1883 px)', () => {
  it('is one photo per row below 1060 px', () => {
    expect(lightboxLayout(1059)).toEqual({ layout: 'narrow', perRow: 1 });
  });

  it('is two per row from 1060 px', () => {
    expect(lightboxLayout(1060)).toEqual({ layout: 'medium', perRow: 2 });
    expect(lightboxLayout(1882)).toEqual({ layout: 'medium', perRow: 2 });
  });

  it('stops growing from 1883 px', () => {
    expect(lightboxLayout(1883)).toEqual({ layout: 'wide', perRow: 2 });
  });
});

describe('photoRows', () => {
  it('puts every photo on its own row with one per row', () => {
    expect(photoRows(3, 1)).toEqual([[0], [1], [2]]);
  });

  it('alternates one wide photo and a pair with two per row', () => {
    expect(photoRows(7, 2)).toEqual([[0], [1, 2], [3], [4, 5], [6]]);
  });

  it('ends with a short row when the photos run out', () => {
    expect(photoRows(2, 2)).toEqual([[0], [1]]);
    expect(photoRows(0, 2)).toEqual([]);
  });
});

describe('showcaseTabs', () => {
  const keys = (tabs: ReturnType<typeof showcaseTabs>) => tabs.map((t) => t.key);

  it('has Photos, 3D Walkthrough and Floor Plans without video or panorama', () => {
    expect(keys(showcaseTabs({ videoSource: null, hasPanorama: false }))).toEqual(['photos', 'walkthrough', 'floor-plans']);
  });

  it('adds Video Tour only with a video source', () => {
    expect(keys(showcaseTabs({ videoSource: 'dQw4w9WgXcQ', hasPanorama: false }))).toEqual(['photos', 'video', 'walkthrough', 'floor-plans']);
    expect(keys(showcaseTabs({ videoSource: '  ', hasPanorama: false }))).not.toContain('video');
  });

  it('adds Street View only when a panorama exists', () => {
    expect(keys(showcaseTabs({ videoSource: null, hasPanorama: true }))).toEqual(['photos', 'street', 'walkthrough', 'floor-plans']);
    expect(keys(showcaseTabs({ videoSource: null, hasPanorama: false }))).not.toContain('street');
  });

  it('never enables 3D Walkthrough or Floor Plans', () => {
    const tabs = showcaseTabs({ videoSource: 'x', hasPanorama: true });
    expect(tabs.filter((t) => !t.enabled).map((t) => t.key)).toEqual(['walkthrough', 'floor-plans']);
  });
});

describe('openingTab', () => {
  it('opens directly on video or street when present', () => {
    expect(openingTab('video', showcaseTabs({ videoSource: 'x', hasPanorama: false }))).toBe('video');
    expect(openingTab('street', showcaseTabs({ videoSource: null, hasPanorama: true }))).toBe('street');
  });

  it('opens on Photos when the asked tab is absent or disabled', () => {
    expect(openingTab('street', showcaseTabs({ videoSource: null, hasPanorama: false }))).toBe('photos');
    expect(openingTab('floor-plans', showcaseTabs({ videoSource: null, hasPanorama: false }))).toBe('photos');
    expect(openingTab(null, showcaseTabs({ videoSource: 'x', hasPanorama: true }))).toBe('photos');
  });
});

describe('videoEmbedUrl', () => {
  it('embeds YouTube ids and links without cookies', () => {
    expect(videoEmbedUrl('dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(videoEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  });

  it('embeds Vimeo links', () => {
    expect(videoEmbedUrl('https://vimeo.com/123456')).toBe('https://player.vimeo.com/video/123456');
  });

  it('refuses anything but https', () => {
    expect(videoEmbedUrl('javascript:alert(1)')).toBeNull();
    expect(videoEmbedUrl('http://example.com/v.mp4')).toBeNull();
    expect(videoEmbedUrl('')).toBeNull();
  });
});

describe('gallery URL segment', () => {
  it('appends /gallery/{index} to the listing path', () => {
    expect(galleryPath('/listing/455-e-300-s/HRT1001', 0)).toBe('/listing/455-e-300-s/HRT1001/gallery/0');
  });

  it('replaces the last segment when moving', () => {
    expect(galleryPath('/listing/455-e-300-s/HRT1001/gallery/0', 2)).toBe('/listing/455-e-300-s/HRT1001/gallery/2');
  });

  it('drops the segment when the gallery closes', () => {
    expect(pathWithoutGallery('/listing/a/b/gallery/3')).toBe('/listing/a/b');
    expect(pathWithoutGallery('/gallery/3')).toBe('/');
  });

  it('reads the index of a shared link', () => {
    expect(galleryIndexOf('/listing/a/b/gallery/4')).toBe(4);
    expect(galleryIndexOf('/listing/a/b')).toBeNull();
  });
});

describe('galleryPhotos', () => {
  it('uses the listing photos', () => {
    expect(galleryPhotos([{ photoUrl: 'a', description: 'Kitchen' }], 'a', 'stock')).toEqual([{ photoUrl: 'a', description: 'Kitchen' }]);
  });

  it('falls back to photoUri, then the stock image', () => {
    expect(galleryPhotos([], 'p', 'stock')).toEqual([{ photoUrl: 'p', description: null }]);
    expect(galleryPhotos([], null, 'stock')).toEqual([{ photoUrl: 'stock', description: null }]);
  });
});
