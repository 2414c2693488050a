/**
 * The states a signed-in element shows before its content: loading, signed out (a sign-in button), and
 * failed (a retry button). Markup, parts and roles are the same in every element that has them; `block`
 * names its CSS classes (`{block}` and `{block}-message`).
 */
import { Button } from './button';

export type StatusPanelState =
  | { status: 'loading'; message: string }
  | { status: 'signed-out'; message: string; action: string; onAction: () => void }
  | { status: 'failed'; message: string; action: string; onAction: () => void };

export function StatusPanel({ block, state }: { block: string; state: StatusPanelState }) {
  if (state.status === 'loading') {
    return (
      <div className={block} part="base" data-state="loading" aria-busy="true">
        <p className={`${block}-message`} part="message" role="status">
          {state.message}
        </p>
      </div>
    );
  }
  const signedOut = state.status === 'signed-out';
  return (
    <div className={block} part="base" data-state={state.status}>
      <p className={`${block}-message`} part="message" role={signedOut ? undefined : 'alert'}>
        {state.message}
      </p>
      <Button tone={signedOut ? 'primary' : 'secondary'} part={signedOut ? 'sign-in' : 'retry'} onClick={state.onAction}>
        {state.action}
      </Button>
    </div>
  );
}

/** A status block inside an element's frame (its heading and tools stay on screen). */
export type StatusBlockState =
  | { status: 'loading'; message: string }
  | { status: 'failed'; message: string; retry: string; onRetry: () => void }
  | {
      status: 'empty';
      message: string;
      /** The block's part: `empty` unless the element's contract names it otherwise. */
      part?: string;
      /** A way out of the empty state (e.g. clearing the filters). */
      action?: { label: string; part: string; onAction: () => void } | null;
    };

/**
 * The loading, failed (with a retry button) and empty states of a list inside an element's frame. Markup,
 * parts and roles are the same wherever it stands; `className` is the element's class for the block.
 */
export function StatusBlock({ className, state }: { className: string; state: StatusBlockState }) {
  if (state.status === 'loading') {
    return (
      <p className={className} part="message" role="status">
        {state.message}
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className={className}>
        <p part="message" role="alert">
          {state.message}
        </p>
        <Button tone="secondary" part="retry" onClick={state.onRetry}>
          {state.retry}
        </Button>
      </div>
    );
  }
  const { action } = state;
  return (
    <div className={className} part={state.part ?? 'empty'}>
      <p>{state.message}</p>
      {action ? (
        <Button tone="secondary" part={action.part} onClick={action.onAction}>
          {action.label}
        </Button>
      ) : null}
    </div>
  );
}
