// Contract handlers of the notification destinations (the hooks' setter is the shell's: hooks:set).
import type { Handlers } from '../rpc/dispatch.ts';
import type { DestinationList } from './destinations.ts';
import type { Notifier } from './notifier.ts';

export function notifyHandlers(destinations: DestinationList, notifier: Notifier): Pick<Handlers, 'notify:list' | 'notify:save' | 'notify:remove' | 'notify:test'> {
  return {
    'notify:list': () => destinations.view(),
    'notify:save': async ({ destination, secret }) => {
      const view = await destinations.save(destination, secret);
      // A destination fixed (a new token, a corrected address): what waited for it goes now.
      notifier.kick();
      return view;
    },
    'notify:remove': ({ id }) => destinations.remove(id),
    'notify:test': async ({ id }) => {
      await notifier.test(id);
      return { ok: true as const };
    },
  };
}
