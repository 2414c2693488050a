/**
 * The guest path of the upload widget (widget spec §6 "Uploads use the signed-in user's access"; issue 21):
 * a visitor who is not signed in gets the clear sign-in message and no call leaves the browser; a signed-in
 * user gets the case's slot and its latest document.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const session = vi.hoisted(() => ({ status: 'anonymous' as 'anonymous' | 'authenticated' }));
const calls = vi.hoisted(() => ({ loadMyDocuments: vi.fn(), query: vi.fn() }));

vi.mock('../../../core/auth/session', () => ({ ensureSession: async () => ({ status: session.status, user: null, token: null }) }));
vi.mock('../../../core/documents/documents-api', () => ({ loadMyDocuments: calls.loadMyDocuments, uploadDocument: vi.fn() }));
vi.mock('../../../core/graphql/call', () => ({ query: calls.query, mutate: vi.fn() }));

const { uploadCalls, SIGN_IN_FIRST } = await import('./upload-document-api');
const { widgetTexts } = await import('../texts');

const slot = (id: string, component: string, type = 'UPLOAD_DOCUMENT') => ({ id, name: component, required: false, component: { id: component, type } });

beforeEach(() => {
  calls.loadMyDocuments.mockReset();
  calls.query.mockReset();
});

describe('upload widget calls: guest and signed-in', () => {
  it('a guest gets the sign-in message and nothing is asked of the server', async () => {
    session.status = 'anonymous';
    const result = await uploadCalls.loadSlot('12', 'photo-id');
    expect(result).toEqual({ ok: false, failure: SIGN_IN_FIRST });
    expect(SIGN_IN_FIRST.message).toBe(widgetTexts.upload.signIn);
    expect(calls.loadMyDocuments).not.toHaveBeenCalled();
    expect(calls.query).not.toHaveBeenCalled();
  });

  it("a signed-in user gets the case's slot and its latest document", async () => {
    session.status = 'authenticated';
    calls.loadMyDocuments.mockResolvedValue({ ok: true, value: [{ id: '12', caseComponents: [slot('501', 'other'), slot('502', 'photo-id')] }] });
    const latest = { id: '9', fileName: 'p.png', contentType: 'image/png', file: 'https://api.example/v1/api/documents/9?x' };
    calls.query.mockResolvedValue({ ok: true, value: latest });
    const result = await uploadCalls.loadSlot('12', 'photo-id');
    expect(result).toEqual({ ok: true, value: { componentId: '502', document: latest } });
    expect(calls.loadMyDocuments).toHaveBeenCalledWith(12);
    expect(calls.query.mock.calls[0]![1]).toEqual({ componentId: '502', applicationCaseId: '12' });
  });

  it('a key the case has no upload slot for is a clear NOT_FOUND', async () => {
    session.status = 'authenticated';
    calls.loadMyDocuments.mockResolvedValue({ ok: true, value: [{ id: '12', caseComponents: [slot('503', 'photo-id', 'GENERATED_PDF')] }] });
    const result = await uploadCalls.loadSlot('12', 'photo-id');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.failure).toMatchObject({ code: 'NOT_FOUND', message: 'This case has no document slot “photo-id”.' });
    expect(calls.query).not.toHaveBeenCalled();
  });
});
