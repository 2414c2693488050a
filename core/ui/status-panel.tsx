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
