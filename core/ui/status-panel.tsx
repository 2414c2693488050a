/**
 * The states a signed-in element shows before its content: loading, signed out (a sign-in button), and
 * failed (a retry button). Markup, parts and roles are the same in every element that has them; `block`
 * names its CSS classes (`{block}` and `{block}-message`).
 */
import { Button } from './button';

/** The button that answers a status message: signing in, trying again. */
interface MessageButton {
  tone: 'primary' | 'secondary';
  part: string;
  label: string;
  onAction: () => void;
}

/**
 * A status message and the button that answers it, if any: the markup every status state shares.
 * `className` is the message's class, if the element styles it.
 */
export function MessageAction({ className, role, message, action }: { className?: string; role?: 'alert' | 'status'; message: string; action: MessageButton | null }) {
  return (
    <>
      <p className={className} part="message" role={role}>
        {message}
      </p>
      {action ? (
        <Button tone={action.tone} part={action.part} onClick={action.onAction}>
          {action.label}
        </Button>
      ) : null}
    </>
  );
}

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
      <MessageAction
        className={`${block}-message`}
        role={signedOut ? undefined : 'alert'}
        message={state.message}
        action={{ tone: signedOut ? 'primary' : 'secondary', part: signedOut ? 'sign-in' : 'retry', label: state.action, onAction: state.onAction }}
      />
    </div>
  );
}

/**
 * An element that cannot start (an attribute missing or naming nothing usable): its message alone, as an alert,
 * in StatusPanel's markup; `state` is the element's data-state for it.
 */
export function AlertPanel({ block, state, message }: { block: string; state: string; message: string }) {
  return (
    <div className={block} part="base" data-state={state}>
      <p className={`${block}-message`} part="message" role="alert">
        {message}
      </p>
    </div>
  );
}

/** A failed load inside an element's frame, announced as one alert: what failed and a retry button. */
export function RetryAlert({ className, part, message, retry, onRetry }: { className: string; part: string; message: string; retry: string; onRetry: () => void }) {
  return (
    <div className={className} part={part} role="alert">
      <p>{message}</p>
      <Button tone="secondary" part="retry" onClick={onRetry}>
        {retry}
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
        <MessageAction role="alert" message={state.message} action={{ tone: 'secondary', part: 'retry', label: state.retry, onAction: state.onRetry }} />
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
