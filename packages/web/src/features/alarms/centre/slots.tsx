import { lazy, type ReactNode, Suspense } from 'react';
import i18n from '../../../i18n';
import { useAlarmPermission } from '../access';

// The two places the shell mounts the alarm centre. Both are lazy chunks loaded after sign-in, and only for users
// who may see alarms (view on the SafetyActiveSafety screen): nothing of the centre is in the login page's or
// the shell's own chunk.

/** The chunk with the `alarms` strings beside it, so nothing renders and then suspends on the namespace. */
function withMessages<M>(load: () => Promise<M>): () => Promise<M> {
  return async () => (await Promise.all([load(), i18n.loadNamespaces('alarms')]))[0];
}

const AlarmCounter = lazy(withMessages(() => import('./AlarmCounter')));
const AlarmCentre = lazy(withMessages(() => import('./AlarmCentre')));

/** Mounts (and so loads) `children` only for a user who may see alarms. */
function ForAlarmViewers({ children }: { children: ReactNode }) {
  const allowed = useAlarmPermission('view');
  if (!allowed) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}

/** The navbar's counter. */
export function AlarmCounterSlot() {
  return (
    <ForAlarmViewers>
      <AlarmCounter />
    </ForAlarmViewers>
  );
}

/**
 * The centre itself, once per signed-in shell, on every screen: the 30 s poll, the live `alarm` command (it keeps
 * the live channel open while signed in), the popups and their sound, and the dialogs.
 */
export function AlarmCentreSlot() {
  return (
    <ForAlarmViewers>
      <AlarmCentre />
    </ForAlarmViewers>
  );
}
