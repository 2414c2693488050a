/**
 * <hearth-mortgage-prequal>: 'Get Prequalified' (sign in first when needed), the pre-qualification
 * questionnaire one question at a time, then the status: a panel, and right after the submit the
 * 'Mortgage status' dialog (spec §2) with the 'Edit Request' link. `MortgagePrequalView` only renders
 * what it is given; `MortgagePrequal` connects it to core/mortgage/use-mortgage-prequal.ts.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { appContextAtom, siteUrl } from '../../core/config/config';
import { supportEmail } from '../../core/config/brand';
import type { ElementHandle } from '../../core/define-element/define-element';
import { mortgagePrequalTexts as t, type MortgageKind } from '../../core/i18n/mortgage';
import { editRequestUrl, UNDER_REVIEW, type MortgageCaseData } from '../../core/mortgage/cases';
import type { PrequalState } from '../../core/mortgage/prequal-state';
import { useMortgagePrequal } from '../../core/mortgage/use-mortgage-prequal';
import { useHearthValue } from '../../core/state/hooks';
import { Button } from '../../core/ui/button';
import { Dialog } from '../../core/ui/dialog';
import { MailLine } from '../../core/ui/mail-line';
import type { DialogName } from '../../core/routing/dialog-paths';
import { useDialogRoutes } from '../../core/routing/dialog-route';

export interface MortgagePrequalViewProps {
  kind: MortgageKind;
  /** The page opened by a 'Get Prequalified' of its own: the request starts at once; the page's heading names it. */
  autostart?: boolean;
  /** With `autostart`, before the request has been started. */
  autostartPending?: boolean;
  state: PrequalState;
  /** The 'Edit Request' link of the current case, once it has one. */
  editUrl: string | null;
  /** Where the visitor writes for mortgage help (`supportEmail` of the context: the partner's, else its agent's); null: the line is left out. */
  contactEmail?: string | null;
  onStart: () => void;
  onRetry: () => void;
  onCompleted: () => void;
  onCloseDialog: () => void;
  /** The status panel's button: opens the 'Mortgage status' dialog again. */
  onOpenDialog?: (opener: HTMLElement) => void;
}

// ---------------------------------------------------------------------------------------------------
// The questionnaire, one question at a time

/**
 * Inside our shadow root the loader does not see <hearth-questionnaire>, so its module is imported here
 * (one shared chunk in the CDN build). The element is made imperatively: its attributes are then plain
 * attributes in both builds, never properties.
 */
function QuestionnaireHost({ responseId, onCompleted }: { responseId: string; onCompleted: () => void }) {
  const slot = useRef<HTMLDivElement>(null);
  const completed = useRef(onCompleted);
  completed.current = onCompleted;

  useEffect(() => {
    const container = slot.current;
    if (!container) return;
    const questionnaire = container.ownerDocument.createElement('hearth-questionnaire');
    questionnaire.setAttribute('response-id', responseId);
    questionnaire.setAttribute('mode', 'single');
    questionnaire.setAttribute('part', 'questionnaire');
    container.append(questionnaire);
    void import('../questionnaire/questionnaire.element');
    const listener = () => completed.current();
    questionnaire.addEventListener('hearth-questionnaire-completed', listener);
    return () => {
      questionnaire.removeEventListener('hearth-questionnaire-completed', listener);
      questionnaire.remove();
    };
  }, [responseId]);

  return <div className="questionnaire-slot" ref={slot} />;
}

// ---------------------------------------------------------------------------------------------------
// Status

function StatusBody({ kind, mortgageCase, editUrl, contactEmail }: { kind: MortgageKind; mortgageCase: MortgageCaseData; editUrl: string | null; contactEmail: string | null }) {
  return (
    <>
      {mortgageCase.mortgageStatus === UNDER_REVIEW && (
        <p className="status-message" part="status-message">
          {t.underReviewMessage[kind]}
        </p>
      )}
      {editUrl && (
        <p>
          <a className="edit-request" part="edit-request" href={editUrl}>
            {t.editRequest}
          </a>
        </p>
      )}
      <MailLine className="help-contact" part="help-contact" text={t.helpContact} email={contactEmail} subject={t.helpSubject[kind]} />
    </>
  );
}

function StatusPanel({ kind, mortgageCase, editUrl, contactEmail, dialogOpen, onCloseDialog, onOpenDialog }: {
  kind: MortgageKind;
  mortgageCase: MortgageCaseData;
  editUrl: string | null;
  contactEmail: string | null;
  dialogOpen: boolean;
  onCloseDialog: () => void;
  onOpenDialog?: (opener: HTMLElement) => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const status = mortgageCase.mortgageStatus ?? '';
  const wasOpen = useRef(dialogOpen);
  // The submit button that had focus before the dialog is gone: once the dialog has closed (and the
  // browser has restored focus to nothing), continue from the panel's heading.
  useEffect(() => {
    // …unless focus went back to the button that opened it.
    const active = (heading.current?.getRootNode() as Document | ShadowRoot | undefined)?.activeElement;
    if (wasOpen.current && !dialogOpen && (!active || active === active.ownerDocument.body)) heading.current?.focus();
    wasOpen.current = dialogOpen;
  }, [dialogOpen]);
  return (
    <section className="status surface-panel" part="status" data-status={status} aria-labelledby={`status-${mortgageCase.id}`}>
      <p className="status-label">{t.statusLabel}</p>
      <h2 className="status-heading" part="status-heading" id={`status-${mortgageCase.id}`} ref={heading} tabIndex={-1}>
        {status}
      </h2>
      <StatusBody kind={kind} mortgageCase={mortgageCase} editUrl={editUrl} contactEmail={contactEmail} />
      {onOpenDialog && (
        <Button tone="secondary" part="open-status" onClick={(event) => onOpenDialog(event.currentTarget)}>
          {t.dialogTitle}
        </Button>
      )}
      {dialogOpen && (
        <Dialog
          title={status}
          subTitle={t.dialogTitle}
          part="status-dialog"
          onClose={onCloseDialog}
        >
          <StatusBody kind={kind} mortgageCase={mortgageCase} editUrl={editUrl} contactEmail={contactEmail} />
          <div className="dialog-actions">
            <Button part="close" onClick={onCloseDialog}>
              {t.close}
            </Button>
          </div>
        </Dialog>
      )}
    </section>
  );
}

// ---------------------------------------------------------------------------------------------------
// The element's view

export function MortgagePrequalView({
  kind,
  autostart = false,
  autostartPending = false,
  state,
  editUrl,
  contactEmail = null,
  onStart,
  onRetry,
  onCompleted,
  onCloseDialog,
  onOpenDialog,
}: MortgagePrequalViewProps) {
  const id = useId();
  const { phase, mortgageCase } = state;

  if (phase === 'questionnaire' && mortgageCase) {
    return (
      <div className="prequal" part="base" data-state={phase} data-kind={kind}>
        <QuestionnaireHost responseId={mortgageCase.caseResponse.id} onCompleted={onCompleted} />
      </div>
    );
  }

  if (phase === 'status' && mortgageCase) {
    return (
      <div className="prequal" part="base" data-state={phase} data-kind={kind}>
        <StatusPanel kind={kind} mortgageCase={mortgageCase} editUrl={editUrl} contactEmail={contactEmail} dialogOpen={state.dialogOpen} onCloseDialog={onCloseDialog} onOpenDialog={onOpenDialog} />
      </div>
    );
  }

  const busy = phase === 'checking' || phase === 'loading' || phase === 'creating' || phase === 'confirming';
  // Started by the page: while it starts there is nothing to press, so only what is happening shows.
  const starting = autostart && (busy || state.startRequested || autostartPending);
  if (starting) {
    return (
      <div className="prequal surface-panel" part="base" data-state={phase} data-kind={kind} aria-busy="true">
        <p className="loading" part="message" role="status">
          {phase === 'creating' || state.startRequested ? t.starting : t.loading}
        </p>
      </div>
    );
  }
  return (
    <section
      className="prequal intro surface-panel"
      part="base"
      data-state={phase}
      data-kind={kind}
      aria-labelledby={autostart ? undefined : `${id}-heading`}
      aria-label={autostart ? t.heading[kind] : undefined}
      aria-busy={busy || undefined}
    >
      {!autostart && (
        <h2 className="heading" part="heading" id={`${id}-heading`}>
          {t.heading[kind]}
        </h2>
      )}
      <p className="intro-text">{t.intro[kind]}</p>
      {phase === 'load-failed' ? (
        <div className="failure" part="failure" role="alert">
          <p>{t.loadFailed}</p>
          <Button tone="secondary" part="retry" onClick={onRetry}>
            {t.retry}
          </Button>
        </div>
      ) : phase === 'loading' || phase === 'checking' || phase === 'confirming' ? (
        <p className="loading" part="message" role="status">
          {t.loading}
        </p>
      ) : (
        <>
          <Button part="start" busy={phase === 'creating'} onClick={onStart}>
            {phase === 'creating' ? t.starting : t.start[kind]}
          </Button>
          {phase === 'signed-out' && <p className="sign-in-note">{t.signInNote}</p>}
        </>
      )}
    </section>
  );
}

export interface MortgagePrequalProps {
  kind: 'prequalification' | 'refinance';
  autostart?: boolean;
  editUrl: string;
  /** The 'Mortgage status' dialog has its URL: the page's path plus `status/{case id}`. */
  routeSync?: boolean;
  element: ElementHandle;
}

const STATUS_DIALOG: readonly DialogName[] = ['status'];

export function MortgagePrequal({ kind, autostart = false, editUrl, routeSync = false, element }: MortgagePrequalProps) {
  const loaded = useHearthValue(appContextAtom);
  const prequal = useMortgagePrequal({ kind, element, autostart });
  const { start, retry, completed } = prequal;
  // The dialog opens after a submit, from the status panel's button, or from its URL (arrival, back, forward);
  // the URL names the case, so it opens only over that case's status.
  const [viewing, setViewing] = useState<string | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const current = prequal.state.mortgageCase;
  const dialogOpen = prequal.state.phase === 'status' && current !== null && (prequal.state.dialogOpen || viewing === current.id);
  const state = dialogOpen === prequal.state.dialogOpen ? prequal.state : { ...prequal.state, dialogOpen };
  const closeDialog = () => {
    prequal.closeDialog();
    setViewing(null);
    const node = opener.current;
    opener.current = null;
    if (node?.isConnected) node.focus();
  };
  const closeRef = useRef(closeDialog);
  closeRef.current = closeDialog;
  useDialogRoutes({
    enabled: routeSync,
    dialogs: STATUS_DIALOG,
    open: dialogOpen ? { dialog: 'status', param: current!.id } : null,
    onOpen: ({ param }) => setViewing(param),
    onClose: () => closeRef.current(),
  });
  const responseId = state.mortgageCase?.caseResponse.id;
  const base = loaded ? siteUrl(loaded.context) : '';
  const link = responseId && (editUrl || loaded) ? editRequestUrl(editUrl, base, responseId) : null;
  return (
    <MortgagePrequalView
      kind={kind}
      autostart={autostart}
      autostartPending={prequal.autostartPending}
      state={state}
      editUrl={link}
      contactEmail={loaded ? supportEmail(loaded.context) : null}
      onStart={() => void start()}
      onRetry={() => void retry()}
      onCompleted={() => void completed()}
      onCloseDialog={closeDialog}
      onOpenDialog={(from) => {
        opener.current = from;
        setViewing(current?.id ?? null);
      }}
    />
  );
}
