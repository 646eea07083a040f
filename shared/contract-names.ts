// The names of the contract's methods and events, without their schemas: the preload and
// the harness bridge build window.api from these alone, so no schema library is bundled into
// the sandboxed preload, and the window tells an account's call from the app's with the
// scope lists below, so none is bundled into the renderer either (it never parses a schema:
// main checks every payload). shared/contract.ts is checked against these lists at compile
// time (a name without a schema, a schema without a name, or a scope that differs from the
// schema's, does not compile).

export const METHOD_NAMES = [
  'app:info',
  'app:notices',
  'app:dismissNotice',
  'app:preferredLanguages',
  'settings:get',
  'settings:set',
  'accounts:list',
  'accounts:add',
  'accounts:rename',
  'accounts:switch',
  'accounts:remove',
  'accounts:forgetKey',
  'sandbox:start',
  'proxy:status',
  'proxy:setPassword',
  'connection:get',
  'connection:check',
  'sync:status',
  'sync:now',
  'account:get',
  'account:reports',
  'account:dmca',
  'folders:list',
  'folders:create',
  'folders:rename',
  'videos:list',
  'videos:search',
  'videos:get',
  'videos:selectionSummary',
  'videos:setSkipIntro',
  'videos:copy',
  'videos:checkThumbnail',
  'videos:setThumbnail',
  'videos:deleteThumbnail',
  'videos:thumbnailQueue',
  'videos:localFile',
  'subtitles:list',
  'subtitles:addFile',
  'subtitles:addUrl',
  'subtitles:preview',
  'uploads:list',
  'uploads:jobs',
  'uploads:add',
  'uploads:pause',
  'uploads:resume',
  'uploads:cancel',
  'uploads:retry',
  'uploads:clearFinished',
  'uploads:retryFailed',
  'uploads:cancelWaiting',
  'uploads:move',
  // Issue 31: running unattended.
  'uploads:startNow',
  'conditions:get',
  'uploads:history',
  'export:preview',
  'export:text',
  'export:toFile',
  'export:read',
  'export:cancel',
  'remote:list',
  'remote:add',
  'remote:action',
  'remote:discard',
  'outbox:list',
  'outbox:retry',
  'outbox:discard',
  'media:open',
  'media:release',
  'videos:setThumbnailFrame',
  'dialog:openFiles',
  'dialog:openFolder',
  'dialog:saveFile',
  'shell:openExternal',
  'clipboard:writeText',
  'updates:status',
  'updates:check',
  'updates:restart',
  'watch:status',
  'watch:add',
  'links:health',
  'links:takedowns',
  'links:tombstone',
  'links:lookup',
  'links:recover',
  'links:locate',
  'links:map',
  'links:check',
  'links:fix',
  'notify:list',
  'notify:save',
  'notify:remove',
  'notify:test',
  'hooks:set',
] as const;

export const EVENT_NAMES = [
  'uploads:changed',
  'uploads:progress',
  'library:changed',
  'outbox:changed',
  'remote:changed',
  'connection:changed',
  'settings:changed',
  'conditions:changed',
  'accounts:changed',
  'export:progress',
  'thumbnails:changed',
  'app:navigate',
  'app:showShortcuts',
  'app:notices',
  'updates:changed',
  'watch:changed',
  'links:takedownsFound',
  'links:paired',
] as const;

export type MethodName = (typeof METHOD_NAMES)[number];
export type EventName = (typeof EVENT_NAMES)[number];

const methodSet: ReadonlySet<string> = new Set(METHOD_NAMES);
const eventSet: ReadonlySet<string> = new Set(EVENT_NAMES);

export function isMethodName(value: unknown): value is MethodName {
  return typeof value === 'string' && methodSet.has(value);
}

export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && eventSet.has(value);
}

/** The methods that are the app's, not one account's: every other method names its account (contract.ts's scope). */
export const APP_METHOD_NAMES = [
  'app:info',
  'app:notices',
  'app:dismissNotice',
  'app:preferredLanguages',
  'settings:get',
  'settings:set',
  'sandbox:start',
  'accounts:list',
  'accounts:add',
  'accounts:forgetKey',
  'accounts:rename',
  'accounts:switch',
  'accounts:remove',
  'proxy:status',
  'proxy:setPassword',
  'media:open',
  'media:release',
  'dialog:openFiles',
  'dialog:openFolder',
  'dialog:saveFile',
  'shell:openExternal',
  'clipboard:writeText',
  'updates:status',
  'updates:check',
  'updates:restart',
  'watch:add',
  'conditions:get',
  'notify:list',
  'notify:save',
  'notify:remove',
  'notify:test',
  'hooks:set',
] as const satisfies readonly MethodName[];

/** The events about the app, not one account: every other event is delivered with its account. */
export const APP_EVENT_NAMES = ['settings:changed', 'accounts:changed', 'app:navigate', 'app:showShortcuts', 'app:notices', 'updates:changed', 'conditions:changed'] as const satisfies readonly EventName[];

export type AppMethodName = (typeof APP_METHOD_NAMES)[number];
export type AccountMethodName = Exclude<MethodName, AppMethodName>;
export type AccountEventName = Exclude<EventName, (typeof APP_EVENT_NAMES)[number]>;

const appMethodSet: ReadonlySet<string> = new Set(APP_METHOD_NAMES);
const appEventSet: ReadonlySet<string> = new Set(APP_EVENT_NAMES);

export function isAccountMethod(name: MethodName): name is AccountMethodName {
  return !appMethodSet.has(name);
}

export function isAccountEvent(name: EventName): name is AccountEventName {
  return !appEventSet.has(name);
}
