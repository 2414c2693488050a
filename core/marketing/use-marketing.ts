/**
 * Behaviour of <hearth-marketing case-id>: follow the session (signed out → a sign-in prompt), load the templates
 * and the case's materials, create a material from a template, edit its draft (texts, photos, open house) with a
 * live preview, save it (hearth-marketing-saved) and hand out its download links; show the case's listing agent
 * (whom the materials name) and let the partner's staff choose another (issue 36).
 */
import { useCallback, useEffect, useState } from 'react';
import type { ElementHandle } from '../define-element/define-element';
import { useSignedInLoad } from '../graphql/use-signed-in-load';
import { marketingTexts as t } from '../i18n/marketing';
import { draftOf, isDirty, setText as setDraftText, togglePhoto as toggleDraftPhoto } from './editor-state';
import {
  createMaterial,
  loadMarketing,
  loadMaterial,
  saveMaterial,
  setListingAgent,
  type CaseListingAgent,
  type MarketingMaterial,
  type MarketingTemplate,
  type MaterialDraft,
  type MaterialSummary,
} from './marketing-api';

export type MarketingState =
  | { status: 'needs-case' }
  | { status: 'checking' }
  | { status: 'signed-out' }
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; templates: MarketingTemplate[]; materials: MaterialSummary[]; listingAgent: CaseListingAgent };

export type SaveStatus = { status: 'idle' } | { status: 'saving' } | { status: 'saved' } | { status: 'failed'; message: string };

export interface Editing {
  material: MarketingMaterial;
  template: MarketingTemplate;
  draft: MaterialDraft;
  dirty: boolean;
  save: SaveStatus;
}

/** Detail of hearth-marketing-saved. */
export interface MarketingSavedDetail {
  caseId: string;
  materialId: string;
  templateId: string;
}

/** Signed links last 5 minutes (server/marketing/routes.ts); they are renewed after 4. */
export const LINK_REFRESH_MS = 4 * 60 * 1000;
/** While the files of the saved version are being rendered (server/marketing/files.ts), the material is asked again this often. */
export const RENDER_POLL_MS = 2_000;

export function useMarketing(caseId: number | null, element: ElementHandle) {
  const { state: load, reload, signIn } = useSignedInLoad(caseId === null ? null : `${caseId}`, () => loadMarketing(caseId!));
  const state: MarketingState =
    caseId === null
      ? { status: 'needs-case' }
      : load.status === 'loaded'
        ? { status: 'loaded', ...load.value }
        : load.status === 'failed'
          ? { status: 'failed', message: load.failure.kind === 'not-found' ? (load.failure.message ?? t.loadFailed) : t.loadFailed }
          : load;

  const [editing, setEditing] = useState<{ material: MarketingMaterial; draft: MaterialDraft; save: SaveStatus } | null>(null);
  const [creating, setCreating] = useState<{ templateId: string; failed: string | null } | null>(null);

  const templates = state.status === 'loaded' ? state.templates : [];
  const templateOf = (material: MarketingMaterial) => templates.find((tpl) => tpl.id === material.template.id) ?? null;

  const edit = useCallback((material: MarketingMaterial) => setEditing({ material, draft: draftOf(material), save: { status: 'idle' } }), []);
  /** Opens a saved material: loaded whole, with fresh links (a failure shows where a creation's would). */
  const open = useCallback(
    async (summary: MaterialSummary) => {
      setCreating({ templateId: summary.template.id, failed: null });
      const answer = await loadMaterial(summary.id);
      if (!answer.ok) return setCreating({ templateId: summary.template.id, failed: answer.failure.message ?? t.loadFailed });
      setCreating(null);
      edit(answer.value);
    },
    [edit],
  );
  const back = useCallback(() => {
    setEditing(null);
    setCreating(null);
    reload();
  }, [reload]);

  const create = useCallback(
    async (templateId: string) => {
      if (caseId === null) return;
      setCreating({ templateId, failed: null });
      const answer = await createMaterial(caseId, templateId);
      if (!answer.ok) return setCreating({ templateId, failed: answer.failure.message ?? t.createFailed });
      setCreating(null);
      edit(answer.value);
    },
    [caseId, edit],
  );

  const update = (change: (e: { material: MarketingMaterial; draft: MaterialDraft }) => MaterialDraft) =>
    setEditing((e) => (e ? { ...e, draft: change(e), save: e.save.status === 'saving' ? e.save : { status: 'idle' } } : e));
  const setText = useCallback((key: string, value: string) => update((e) => setDraftText(e.material, e.draft, key, value)), []);
  const togglePhoto = useCallback(
    (photoId: number, slots: number) =>
      update((e) => {
        const shown = e.draft.photoIds.length ? e.draft.photoIds : e.material.fill.listingPhotos.slice(0, slots).map((p) => Number(p.id));
        return { ...e.draft, photoIds: toggleDraftPhoto(shown, photoId, slots) };
      }),
    [],
  );
  const setOpenHouse = useCallback((openHouseId: string | null) => update((e) => ({ ...e.draft, openHouseId })), []);

  // The download links are signed for 5 minutes: fetch fresh ones before they expire, keeping the draft. While the
  // saved version's files are being rendered, ask sooner, until they are ready (or could not be made).
  const editingId = editing?.material.id ?? null;
  const rendering = editing?.material.renderStatus === 'RENDERING';
  useEffect(() => {
    if (editingId === null) return;
    const timer = setInterval(
      async () => {
        const answer = await loadMaterial(editingId);
        if (!answer.ok) return;
        const { pdfUrl, pngUrl, imageUrl, renderStatus } = answer.value;
        setEditing((e) => (e && e.material.id === editingId ? { ...e, material: { ...e.material, pdfUrl, pngUrl, imageUrl, renderStatus } } : e));
      },
      rendering ? RENDER_POLL_MS : LINK_REFRESH_MS,
    );
    return () => clearInterval(timer);
  }, [editingId, rendering]);

  const save = useCallback(async () => {
    if (!editing) return;
    setEditing({ ...editing, save: { status: 'saving' } });
    const answer = await saveMaterial(editing.material.id, editing.draft);
    if (!answer.ok) return setEditing((e) => (e ? { ...e, save: { status: 'failed', message: answer.failure.message ?? t.saveFailed } } : e));
    setEditing({ material: answer.value, draft: draftOf(answer.value), save: { status: 'saved' } });
    element.emit<MarketingSavedDetail>('marketing-saved', { caseId: answer.value.applicationCaseId, materialId: answer.value.id, templateId: answer.value.template.id });
  }, [editing, element]);

  // The listing agent: a change is saved at once, then the workspace is asked again (the thumbnails show the agent).
  const [agentSave, setAgentSave] = useState<SaveStatus>({ status: 'idle' });
  const chooseAgent = useCallback(
    async (agentUserId: string | null) => {
      if (caseId === null) return;
      setAgentSave({ status: 'saving' });
      const answer = await setListingAgent(caseId, agentUserId);
      if (!answer.ok) return setAgentSave({ status: 'failed', message: answer.failure.message ?? t.listingAgent.saveFailed });
      setAgentSave({ status: 'saved' });
      reload();
    },
    [caseId, reload],
  );

  const template = editing ? templateOf(editing.material) : null;
  const current: Editing | null =
    editing && template ? { material: editing.material, template, draft: editing.draft, dirty: isDirty(editing.material, editing.draft), save: editing.save } : null;
  return { state, reload, signIn, editing: current, creating, create, open, back, setText, togglePhoto, setOpenHouse, save, agentSave, chooseAgent };
}
