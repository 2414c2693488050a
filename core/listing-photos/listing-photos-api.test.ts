// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { hearthStore } from '../state/store';
import { sessionAtom } from '../auth/session';
import { uploadAnswer as readAnswer, uploadRequest as request, type UploadRequest } from '../graphql/upload';
import { UploadListingPhotoMutation } from './listing-photos-api';

// The request and answer of uploadListingPhoto, as it makes and reads them (core/graphql/upload.ts).
const uploadRequest = (file: File, caseId: number): UploadRequest => request(UploadListingPhotoMutation, { applicationCaseId: String(caseId) }, 'file', file);
const photoShape = { safeParse: (v: unknown) => (v && typeof v === 'object' && 'url' in v ? { success: true as const, data: v } : { success: false as const }) };
const uploadAnswer = (status: number, text: string) => readAnswer(UploadListingPhotoMutation, photoShape, status, text);

const photo = { id: '7', position: 0, isCover: true, caption: '', width: 800, height: 600, url: 'https://api.test/a-800.jpg', srcset: 'x 400w', jpegSrcset: 'y 400w' };

describe('uploadListingPhoto request and answer', () => {
  it('sends the GraphQL multipart request to /graphql/ with the session token and the file under the variable', async () => {
    hearthStore.set(sessionAtom, { status: 'authenticated', user: { id: 1 } as never, token: 'secret-token' });
    const file = new File(['bytes'], 'front.jpg', { type: 'image/jpeg' });
    const request = uploadRequest(file, 42);
    expect(request.url).toMatch(/\/graphql\/\?queryName=UploadListingPhoto/);
    expect(request.headers.Authorization).toBe('Token secret-token');
    const operations = JSON.parse(request.body.get('operations') as string);
    expect(operations).toEqual({ query: UploadListingPhotoMutation, variables: { file: null, applicationCaseId: '42' } });
    expect(JSON.parse(request.body.get('map') as string)).toEqual({ 0: ['variables.file'] });
    expect((request.body.get('0') as File).name).toBe('front.jpg');
  });

  it('reads the photo, a refusal with its message, a body limit and a broken answer', () => {
    expect(uploadAnswer(200, JSON.stringify({ data: { uploadListingPhoto: photo } }))).toEqual({ ok: true, value: photo });
    const refused = uploadAnswer(200, JSON.stringify({ errors: [{ message: '“x.jpg” is empty.', extensions: { code: 'BAD_USER_INPUT', argumentName: 'file' } }] }));
    expect(refused).toEqual({ ok: false, failure: { kind: 'invalid', message: '“x.jpg” is empty.', code: 'BAD_USER_INPUT', argument: 'file' } });
    expect(uploadAnswer(413, '{"error":"too large"}')).toMatchObject({ ok: false, failure: { code: 'PAYLOAD_TOO_LARGE', argument: 'file' } });
    expect(uploadAnswer(502, '<html>bad gateway</html>')).toMatchObject({ ok: false, failure: { kind: 'server' } });
    expect(uploadAnswer(200, JSON.stringify({ data: { uploadListingPhoto: { id: 7 } } }))).toMatchObject({ ok: false, failure: { kind: 'server' } });
  });
});
