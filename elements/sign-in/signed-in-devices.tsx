/**
 * The "Signed-in devices" section of the signed-in panel (issue 22): this device, the others with when they
 * signed in and were last active, "Sign out" per device and "Sign out everywhere else". States: loading,
 * empty (no other device), failed (with a retry), loaded.
 */
import { useSignedInDevices, type DevicesState } from '../../core/auth/use-signed-in-devices';
import type { DeviceSession } from '../../core/auth/sessions-api';
import { sessionTexts as t } from '../../core/i18n/sessions';
import { Button } from '../../core/ui/button';

const when = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
};

type Behaviour = ReturnType<typeof useSignedInDevices>;

function DeviceRow({ session, behaviour }: { session: DeviceSession; behaviour: Behaviour }) {
  const name = session.device ?? t.unknownDevice;
  return (
    <li className="device" part="device" data-current={session.current ? 'true' : undefined}>
      <span className="device-name">
        <strong>{name}</strong>
        {session.current ? <span className="device-current"> · {t.thisDevice}</span> : null}
        <br />
        <small>
          {t.signedIn(when(session.createdAt))}, {t.lastActive(when(session.lastUsedAt))}
        </small>
      </span>
      {session.current ? null : (
        <Button
          tone="secondary"
          part="device-sign-out"
          aria-label={t.signOutLabel(name)}
          disabled={behaviour.pending !== null}
          onClick={() => void behaviour.signOut(session.id, t.signOutFailed)}
        >
          {behaviour.pending === session.id ? t.signingOut : t.signOut}
        </Button>
      )}
    </li>
  );
}

export function SignedInDevicesView({ behaviour }: { behaviour: Behaviour }) {
  const state: DevicesState = behaviour.state;
  if (state.status === 'idle') return null;
  return (
    <section className="devices" part="devices" aria-labelledby="hearth-devices-heading" data-state={state.status}>
      <h2 id="hearth-devices-heading">{t.heading}</h2>
      {state.status === 'loading' ? (
        <p role="status" aria-busy="true">
          {t.loading}
        </p>
      ) : state.status === 'failed' ? (
        <p role="alert" className="devices-error">
          {t.failed}{' '}
          <Button tone="secondary" onClick={behaviour.reload}>
            {t.retry}
          </Button>
        </p>
      ) : (
        <>
          <ul className="device-list">
            {state.current ? <DeviceRow session={state.current} behaviour={behaviour} /> : null}
            {state.others.map((session) => (
              <DeviceRow key={session.id} session={session} behaviour={behaviour} />
            ))}
          </ul>
          {state.others.length === 0 ? (
            <p className="devices-empty" data-state="empty">
              {t.empty}
            </p>
          ) : (
            <Button
              tone="secondary"
              part="sign-out-others"
              disabled={behaviour.pending !== null}
              onClick={() => void behaviour.signOutOthers(t.signedOutOthers, t.signOutFailed)}
            >
              {behaviour.pending === 'others' ? t.signingOut : t.signOutOthers}
            </Button>
          )}
        </>
      )}
      {behaviour.notice ? (
        <p role={behaviour.notice.tone === 'error' ? 'alert' : 'status'} className={`devices-notice ${behaviour.notice.tone}`}>
          {behaviour.notice.text}
        </p>
      ) : null}
    </section>
  );
}

/** The connected section: loads the viewer's devices. */
export function SignedInDevices({ viewerId }: { viewerId: string }) {
  return <SignedInDevicesView behaviour={useSignedInDevices(viewerId)} />;
}
