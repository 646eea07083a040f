// The one test double of the `electron` module, for running the real shell (electron/main)
// under Node. It is typed against Electron's own definitions (`implements Pick<App, ...>`),
// so a method whose shape differs from the real API is a compile error. It records every
// call in `double.calls`, and every object is wrapped in a Proxy that throws on a property
// it does not implement (and remembers it in `double.unimplemented`), so the shell can never
// silently pass against a part of Electron nobody modelled.
//
// Use (see test/doubles/register-electron.ts for how `import 'electron'` reaches it):
//   const double = createElectronDouble({ userData, appPath });
//   installElectronDouble(double);           // from register-electron.ts
//   const running = startShell(...);         // or import out/main/index.js
//   double.ready();                          // resolves app.whenReady(), emits 'ready'
//   double.app.emit('second-instance', ...); // any app event
//   await double.ipcMain.invoke('accounts:list', undefined, double.windows[0]!.webContents.mainFrame);
//   double.calls / double.callsTo('app.quit') / double.unimplemented
//
// What the real Electron does and this double models: app.quit() emits before-quit, closes
// every window (a 'close' that is prevented cancels the quit), then will-quit (preventable)
// and quit. loadURL on app:// goes through the handler given to protocol.handle, then
// 'did-finish-load' and 'ready-to-show' follow. Closing the last window emits
// 'window-all-closed' unless the app is quitting.
import type {
  App,
  BrowserWindow as RealBrowserWindow,
  BrowserWindowConstructorOptions,
  Clipboard,
  Dialog,
  Display,
  IpcMain,
  IpcMainEvent,
  IpcMainInvokeEvent,
  Menu as RealMenu,
  MenuItemConstructorOptions,
  MessageBoxOptions,
  MessageBoxReturnValue,
  NativeImage,
  NotificationConstructorOptions,
  OpenDialogOptions,
  OpenDialogReturnValue,
  PowerMonitor,
  SaveDialogOptions,
  SaveDialogReturnValue,
  Protocol,
  ProgressBarOptions,
  Rectangle,
  SafeStorage,
  Screen,
  Session,
  Shell,
  WebContents,
  WebFrameMain,
  WebUtils,
} from 'electron';

/** One recorded call: `target.method(args)`, e.g. `app.quit`, `BrowserWindow#1.loadURL`. */
export interface CallRecord {
  name: string;
  args: unknown[];
}

export interface ElectronDoubleOptions {
  /** app.getPath('userData'); logs go to `${userData}/logs` unless `paths.logs` is given. */
  userData: string;
  /** app.getAppPath(): the repository root (resources/, test/host for the sandbox). */
  appPath: string;
  paths?: Partial<Record<Parameters<App['getPath']>[0], string>>;
  isPackaged?: boolean;
  /** What requestSingleInstanceLock answers (false: another instance runs). */
  singleInstanceLock?: boolean;
  notificationsSupported?: boolean;
  /** safeStorage.getSelectedStorageBackend(); 'basic_text' (the default) makes the shell refuse it on Linux. */
  safeStorageBackend?: string;
  /** new Tray() throws, as on desktops without a tray. */
  trayFails?: boolean;
  version?: string;
  /** app.getPreferredSystemLanguages(): the system's languages, most preferred first (default ['en-US']). */
  preferredSystemLanguages?: string[];
  /** A recorded call by this name (e.g. 'protocol.handle') throws: for failures a test cannot cause. */
  failOn?: string;
}

type Listener = (...args: never[]) => unknown;

/** The facts ipc.ts reads from a sender frame. */
export type FrameFacts = Pick<WebFrameMain, 'url' | 'parent' | 'processId' | 'routingId'>;

export class ElectronDouble {
  readonly calls: CallRecord[] = [];
  /** Properties the shell read that the double does not implement (each also threw). */
  readonly unimplemented: string[] = [];
  readonly options: ElectronDoubleOptions;
  readonly app: AppDouble;
  readonly ipcMain: IpcMainDouble;
  readonly protocol: ProtocolDouble;
  readonly session: { defaultSession: SessionDouble };
  readonly dialog: DialogDouble;
  readonly shell: ShellDouble;
  readonly clipboard: ClipboardDouble;
  readonly nativeImage: { createFromPath(path: string): NativeImageDouble; createEmpty(): NativeImageDouble };
  readonly safeStorage: SafeStorageDouble;
  readonly screen: ScreenDouble;
  readonly webUtils: WebUtilsDouble;
  /** Electron's autoUpdater: electron-updater emits 'before-quit-for-update' on it before quitting into an update. */
  readonly autoUpdater: AutoUpdaterDouble;
  /** Electron's powerMonitor: a test plays the OS with sleep(), wake(), onBattery() (issue 31). */
  readonly powerMonitor: PowerMonitorDouble;
  readonly windows: BrowserWindowDouble[] = [];
  readonly trays: TrayDouble[] = [];
  readonly notifications: NotificationDouble[] = [];
  readonly menus: MenuDouble[] = [];
  applicationMenu: MenuDouble | null = null;
  /** The constructors and namespaces, exactly as `import { ... } from 'electron'` sees them. */
  readonly module: Record<ElectronExport, unknown>;
  #nextFrameId = 1;

  constructor(options: ElectronDoubleOptions) {
    this.options = options;
    this.app = this.strict('app', new AppDouble(this));
    this.ipcMain = this.strict('ipcMain', new IpcMainDouble(this));
    this.protocol = this.strict('protocol', new ProtocolDouble(this));
    this.session = this.strict('session', { defaultSession: this.strict('session.defaultSession', new SessionDouble(this)) });
    this.dialog = this.strict('dialog', new DialogDouble(this));
    this.shell = this.strict('shell', new ShellDouble(this));
    this.clipboard = this.strict('clipboard', new ClipboardDouble(this));
    this.nativeImage = this.strict('nativeImage', {
      createFromPath: (path: string) => {
        this.record('nativeImage.createFromPath', [path]);
        return this.strict('NativeImage', new NativeImageDouble(this, path));
      },
      createEmpty: () => {
        this.record('nativeImage.createEmpty', []);
        return this.strict('NativeImage', new NativeImageDouble(this, ''));
      },
    });
    this.safeStorage = this.strict('safeStorage', new SafeStorageDouble(this));
    this.screen = this.strict('screen', new ScreenDouble(this));
    this.webUtils = this.strict('webUtils', new WebUtilsDouble(this));
    this.autoUpdater = this.strict('autoUpdater', new AutoUpdaterDouble(this, 'autoUpdater'));
    this.powerMonitor = this.strict('powerMonitor', new PowerMonitorDouble(this, 'powerMonitor'));
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the classes below close over their double
    const double = this;
    const BrowserWindow = class extends BrowserWindowDouble {
      constructor(options: BrowserWindowConstructorOptions = {}) {
        super(double, options);
        // A Proxy returned from a constructor replaces the instance: reads of anything not modelled throw.
        return double.strict(`BrowserWindow#${this.id}`, this);
      }
      static getAllWindows(): BrowserWindowDouble[] {
        double.record('BrowserWindow.getAllWindows', []);
        return double.windows.filter((w) => !w.destroyed);
      }
    };
    const Tray = class extends TrayDouble {
      constructor(image: unknown) {
        super(double, image);
        return double.strict('Tray', this);
      }
    };
    const Notification = class extends NotificationDouble {
      constructor(options: NotificationConstructorOptions = {}) {
        super(double, options);
        return double.strict('Notification', this);
      }
      static isSupported(): boolean {
        double.record('Notification.isSupported', []);
        return double.options.notificationsSupported ?? true;
      }
    };
    const Menu = class extends MenuDouble {
      static buildFromTemplate(template: MenuItemConstructorOptions[]): MenuDouble {
        double.record('Menu.buildFromTemplate', [template]);
        const menu = double.strict('Menu', new MenuDouble(template));
        double.menus.push(menu);
        return menu;
      }
      static setApplicationMenu(menu: MenuDouble | null): void {
        double.record('Menu.setApplicationMenu', [menu]);
        double.applicationMenu = menu;
      }
    };
    this.module = {
      app: this.app,
      BrowserWindow: this.strict('BrowserWindow', BrowserWindow),
      clipboard: this.clipboard,
      dialog: this.dialog,
      ipcMain: this.ipcMain,
      Menu: this.strict('Menu', Menu),
      nativeImage: this.nativeImage,
      Notification: this.strict('Notification', Notification),
      protocol: this.protocol,
      safeStorage: this.safeStorage,
      screen: this.screen,
      session: this.session,
      shell: this.shell,
      Tray: this.strict('Tray', Tray),
      webUtils: this.webUtils,
      autoUpdater: this.autoUpdater,
      powerMonitor: this.powerMonitor,
    };
  }

  record(name: string, args: unknown[]): void {
    this.calls.push({ name, args });
    if (name === this.options.failOn) throw new Error(`${name} failed (electron double, failOn)`);
  }

  /** Every call whose name is `name` (e.g. 'app.quit', 'Menu.buildFromTemplate'). */
  callsTo(name: string): CallRecord[] {
    return this.calls.filter((call) => call.name === name);
  }

  /** Resolves app.whenReady() and emits 'ready', as Electron does once Chromium is up. */
  ready(): void {
    this.app.markReady();
  }

  /** A frame that is not the window's (another origin, a subframe...), for refused-IPC checks. */
  frame(facts: Partial<FrameFacts> & { url: string }): FrameFacts {
    return { parent: null, processId: 999, routingId: this.#nextFrameId++, ...facts };
  }

  allocateFrameId(): number {
    return this.#nextFrameId++;
  }

  /** Wraps `target` so that reading anything it lacks throws and is remembered. */
  strict<T extends object>(name: string, target: T): T {
    return new Proxy(target, {
      get: (object, property, receiver) => {
        if (typeof property === 'symbol' || property in object || ALWAYS_ABSENT.has(property)) return Reflect.get(object, property, receiver);
        const what = `${name}.${property}`;
        this.unimplemented.push(what);
        throw new Error(`electron double: ${what} is not implemented (add it to test/doubles/electron.ts)`);
      },
    });
  }
}

/** Reads that code makes on any object to probe it (await, JSON, inspection): never Electron API. */
const ALWAYS_ABSENT = new Set(['then', 'toJSON', 'constructor', 'asymmetricMatch', '$$typeof', 'nodeType', 'tagName', '@@__IMMUTABLE_ITERABLE__@@', '@@__IMMUTABLE_RECORD__@@', '_isMockFunction']);

/** The names `import { ... } from 'electron'` may use; anything else fails to link. */
export const ELECTRON_EXPORTS = [
  'app',
  'BrowserWindow',
  'clipboard',
  'dialog',
  'ipcMain',
  'Menu',
  'nativeImage',
  'Notification',
  'protocol',
  'safeStorage',
  'screen',
  'session',
  'shell',
  'Tray',
  'webUtils',
  'autoUpdater',
  'powerMonitor',
] as const;
export type ElectronExport = (typeof ELECTRON_EXPORTS)[number];

/** A cancellable event, as Electron passes to 'close', 'will-quit', 'will-navigate'... */
export class EventDouble {
  defaultPrevented = false;
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

/** Node-style events, with every subscription recorded. */
class Emitter {
  readonly listeners = new Map<string, Array<{ listener: Listener; once: boolean }>>();
  protected readonly double: ElectronDouble;
  protected readonly label: string;

  constructor(double: ElectronDouble, label: string) {
    this.double = double;
    this.label = label;
  }

  on(event: string, listener: Listener): this {
    this.double.record(`${this.label}.on`, [event]);
    this.add(event, listener, false);
    return this;
  }

  once(event: string, listener: Listener): this {
    this.double.record(`${this.label}.once`, [event]);
    this.add(event, listener, true);
    return this;
  }

  removeListener(event: string, listener: Listener): this {
    this.double.record(`${this.label}.removeListener`, [event]);
    const list = this.listeners.get(event) ?? [];
    const index = list.findIndex((entry) => entry.listener === listener);
    if (index >= 0) list.splice(index, 1);
    return this;
  }

  off(event: string, listener: Listener): this {
    return this.removeListener(event, listener);
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.length ?? 0;
  }

  /** Calls the listeners as Electron would; answers what the first listener returned. */
  emit(event: string, ...args: unknown[]): unknown[] {
    const list = [...(this.listeners.get(event) ?? [])];
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((entry) => !entry.once),
    );
    return list.map((entry) => (entry.listener as (...a: unknown[]) => unknown)(...args));
  }

  private add(event: string, listener: Listener, once: boolean): void {
    const list = this.listeners.get(event) ?? [];
    list.push({ listener, once });
    this.listeners.set(event, list);
  }
}

/**
 * Electron's autoUpdater is a Node EventEmitter (Squirrel, macOS and Windows only). On Linux
 * electron-updater only emits 'before-quit-for-update' on it, recorded here like every event.
 */
export class AutoUpdaterDouble extends Emitter {
  override emit(event: string, ...args: unknown[]): unknown[] {
    this.double.record(`${this.label}.emit`, [event]);
    return super.emit(event, ...args);
  }
}

/**
 * Electron's powerMonitor (an EventEmitter): 'suspend' before the computer sleeps, 'resume'
 * after it wakes, 'on-battery' / 'on-ac' when the power source changes, and
 * isOnBatteryPower() for the source now. The test plays the OS through the methods below.
 */
export class PowerMonitorDouble extends Emitter implements Pick<PowerMonitor, 'isOnBatteryPower'> {
  onBatteryPower = false;
  isOnBatteryPower(): boolean {
    this.double.record('powerMonitor.isOnBatteryPower', []);
    return this.onBatteryPower;
  }
  /** The OS says the computer goes to sleep. */
  sleep(): void {
    this.emit('suspend');
  }
  /** The OS says the computer woke. */
  wake(): void {
    this.emit('resume');
  }
  /** The power source changed: 'on-battery' or 'on-ac', as Electron emits them. */
  setOnBattery(onBattery: boolean): void {
    this.onBatteryPower = onBattery;
    this.emit(onBattery ? 'on-battery' : 'on-ac');
  }
}

// The Emitter's on/once/removeListener answer `this` (the double), not Electron's class, so they
// stay out of the Pick; their event names are Electron's own strings.
type AppPart =
  | 'quit'
  | 'exit'
  | 'enableSandbox'
  | 'whenReady'
  | 'isReady'
  | 'requestSingleInstanceLock'
  | 'setAppUserModelId'
  | 'setAppLogsPath'
  | 'getPath'
  | 'getAppPath'
  | 'getName'
  | 'getPreferredSystemLanguages'
  | 'getVersion'
  | 'relaunch'
  | 'isPackaged';

export class AppDouble extends Emitter implements Pick<App, AppPart> {
  readonly isPackaged: boolean;
  /** 'running' until quit() got through will-quit; exit() sets exitCode. */
  state: 'running' | 'quit' | 'exited' = 'running';
  exitCode: number | null = null;
  quitting = false;
  private readyFlag = false;
  private readonly readyPromise: Promise<void>;
  private resolveReady!: () => void;

  constructor(double: ElectronDouble) {
    super(double, 'app');
    this.isPackaged = double.options.isPackaged ?? false;
    this.readyPromise = new Promise<void>((resolve) => {
      this.resolveReady = resolve;
    });
  }

  markReady(): void {
    if (this.readyFlag) return;
    this.readyFlag = true;
    this.emit('ready', new EventDouble(), {});
    this.resolveReady();
  }

  whenReady(): Promise<void> {
    this.double.record('app.whenReady', []);
    return this.readyPromise;
  }

  isReady(): boolean {
    return this.readyFlag;
  }

  requestSingleInstanceLock(additionalData?: Record<string, unknown>): boolean {
    this.double.record('app.requestSingleInstanceLock', [additionalData]);
    return this.double.options.singleInstanceLock ?? true;
  }

  enableSandbox(): void {
    this.double.record('app.enableSandbox', []);
  }

  setAppUserModelId(id: string): void {
    this.double.record('app.setAppUserModelId', [id]);
  }

  setAppLogsPath(path?: string): void {
    this.double.record('app.setAppLogsPath', [path]);
  }

  getPath(name: Parameters<App['getPath']>[0]): string {
    this.double.record('app.getPath', [name]);
    const given = this.double.options.paths?.[name];
    if (given) return given;
    if (name === 'userData') return this.double.options.userData;
    if (name === 'logs') return `${this.double.options.userData}/logs`;
    throw new Error(`electron double: app.getPath('${name}') has no path in this test`);
  }

  getAppPath(): string {
    this.double.record('app.getAppPath', []);
    return this.double.options.appPath;
  }

  getName(): string {
    return 'Vidlift';
  }

  getVersion(): string {
    return this.double.options.version ?? '0.0.0-test';
  }

  getPreferredSystemLanguages(): string[] {
    this.double.record('app.getPreferredSystemLanguages', []);
    return [...(this.double.options.preferredSystemLanguages ?? ['en-US'])];
  }

  /** Electron's order: before-quit, close every window (a prevented close cancels), will-quit, quit. */
  quit(): void {
    this.double.record('app.quit', []);
    if (this.state !== 'running') return;
    this.emit('before-quit', new EventDouble());
    this.quitting = true;
    for (const win of this.double.windows.filter((w) => !w.destroyed)) {
      if (!win.close()) {
        this.quitting = false;
        return;
      }
    }
    const willQuit = new EventDouble();
    this.emit('will-quit', willQuit);
    if (willQuit.defaultPrevented) {
      this.quitting = false;
      return;
    }
    this.state = 'quit';
    this.emit('quit', new EventDouble(), 0);
  }

  relaunch(options?: Parameters<App['relaunch']>[0]): void {
    this.double.record('app.relaunch', [options]);
  }

  exit(exitCode = 0): void {
    this.double.record('app.exit', [exitCode]);
    this.state = 'exited';
    this.exitCode = exitCode;
  }
}

type IpcPart = 'handle' | 'removeHandler';

export class IpcMainDouble extends Emitter implements Pick<IpcMain, IpcPart> {
  readonly handlers = new Map<string, (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown>();

  constructor(double: ElectronDouble) {
    super(double, 'ipcMain');
  }

  handle(channel: string, listener: (event: IpcMainInvokeEvent, ...args: never[]) => unknown): void {
    this.double.record('ipcMain.handle', [channel]);
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener as (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown);
  }

  removeHandler(channel: string): void {
    this.double.record('ipcMain.removeHandler', [channel]);
    this.handlers.delete(channel);
  }

  /** ipcRenderer.invoke from `frame` (`accountId`: the account an account-scoped call names): what the renderer would receive. */
  async invoke(channel: string, input: unknown, frame: FrameFacts | null, accountId?: unknown): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return handler({ senderFrame: frame } as unknown as IpcMainInvokeEvent, input, accountId);
  }

  /** ipcRenderer.send from `frame`. */
  send(channel: string, payload: unknown, frame: FrameFacts | null): void {
    this.emit(channel, { senderFrame: frame } as unknown as IpcMainEvent, payload);
  }
}

export class ProtocolDouble implements Pick<Protocol, 'registerSchemesAsPrivileged' | 'handle' | 'isProtocolHandled'> {
  readonly handlers = new Map<string, (request: Request) => Response | Promise<Response>>();
  private readonly double: ElectronDouble;

  constructor(double: ElectronDouble) {
    this.double = double;
  }

  registerSchemesAsPrivileged(customSchemes: Parameters<Protocol['registerSchemesAsPrivileged']>[0]): void {
    this.double.record('protocol.registerSchemesAsPrivileged', [customSchemes]);
  }

  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void {
    this.double.record('protocol.handle', [scheme]);
    this.handlers.set(scheme, handler);
  }

  isProtocolHandled(scheme: string): boolean {
    return this.handlers.has(scheme);
  }

  /** What the window's network stack gets for `url` (the registered handler's Response). */
  async fetch(url: string, init?: RequestInit): Promise<Response> {
    const scheme = new URL(url).protocol.slice(0, -1);
    const handler = this.handlers.get(scheme);
    if (!handler) throw new Error(`No protocol handler for ${scheme}:`);
    return handler(new Request(url, init));
  }
}

type SessionPart = 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler' | 'resolveProxy';

export class SessionDouble implements Pick<Session, SessionPart> {
  permissionRequest: Parameters<Session['setPermissionRequestHandler']>[0] = null;
  permissionCheck: Parameters<Session['setPermissionCheckHandler']>[0] = null;
  devicePermission: Parameters<Session['setDevicePermissionHandler']>[0] = null;
  readonly headerFilters: Array<{ urls: string[]; listener: unknown }> = [];
  /** What Chromium's proxy resolution answers (system settings / PAC), as a PAC result string. */
  proxyAnswer = 'DIRECT';
  readonly webRequest: { onHeadersReceived: (filter: { urls: string[] }, listener: unknown) => void };
  private readonly double: ElectronDouble;

  constructor(double: ElectronDouble) {
    this.double = double;
    this.webRequest = double.strict('session.webRequest', {
      onHeadersReceived: (filter: { urls: string[] }, listener: unknown) => {
        double.record('session.webRequest.onHeadersReceived', [filter]);
        this.headerFilters.push({ urls: filter.urls, listener });
      },
    });
  }

  setPermissionRequestHandler(handler: Parameters<Session['setPermissionRequestHandler']>[0]): void {
    this.double.record('session.setPermissionRequestHandler', []);
    this.permissionRequest = handler;
  }

  setPermissionCheckHandler(handler: Parameters<Session['setPermissionCheckHandler']>[0]): void {
    this.double.record('session.setPermissionCheckHandler', []);
    this.permissionCheck = handler;
  }

  setDevicePermissionHandler(handler: Parameters<Session['setDevicePermissionHandler']>[0]): void {
    this.double.record('session.setDevicePermissionHandler', []);
    this.devicePermission = handler;
  }

  resolveProxy(url: string): Promise<string> {
    this.double.record('session.resolveProxy', [url]);
    return Promise.resolve(this.proxyAnswer);
  }
}

/** Scripted answers: a test pushes the button index (or open-dialog result) the person would pick. */
export class DialogDouble implements Pick<Dialog, 'showMessageBox' | 'showOpenDialog' | 'showSaveDialog' | 'showErrorBox'> {
  readonly messageBoxAnswers: number[] = [];
  readonly openDialogAnswers: OpenDialogReturnValue[] = [];
  readonly saveDialogAnswers: SaveDialogReturnValue[] = [];
  readonly shown: MessageBoxOptions[] = [];
  readonly errorBoxes: Array<{ title: string; content: string }> = [];
  private readonly double: ElectronDouble;

  constructor(double: ElectronDouble) {
    this.double = double;
  }

  showMessageBox(windowOrOptions: unknown, maybeOptions?: MessageBoxOptions): Promise<MessageBoxReturnValue> {
    const options = (maybeOptions ?? windowOrOptions) as MessageBoxOptions;
    this.double.record('dialog.showMessageBox', [options]);
    this.shown.push(options);
    const response = this.messageBoxAnswers.shift();
    if (response === undefined) return Promise.reject(new Error(`electron double: no answer scripted for the message box "${options.message}"`));
    return Promise.resolve({ response, checkboxChecked: false });
  }

  showErrorBox(title: string, content: string): void {
    this.double.record('dialog.showErrorBox', [title, content]);
    this.errorBoxes.push({ title, content });
  }

  showOpenDialog(windowOrOptions: unknown, maybeOptions?: OpenDialogOptions): Promise<OpenDialogReturnValue> {
    const options = (maybeOptions ?? windowOrOptions) as OpenDialogOptions;
    this.double.record('dialog.showOpenDialog', [options]);
    const answer = this.openDialogAnswers.shift();
    if (answer === undefined) return Promise.reject(new Error(`electron double: no answer scripted for the open dialog "${options.title ?? ''}"`));
    return Promise.resolve(answer);
  }

  showSaveDialog(windowOrOptions: unknown, maybeOptions?: SaveDialogOptions): Promise<SaveDialogReturnValue> {
    const options = (maybeOptions ?? windowOrOptions) as SaveDialogOptions;
    this.double.record('dialog.showSaveDialog', [options]);
    const answer = this.saveDialogAnswers.shift();
    if (answer === undefined) return Promise.reject(new Error(`electron double: no answer scripted for the save dialog "${options.title ?? ''}"`));
    return Promise.resolve(answer);
  }
}

export class ShellDouble implements Pick<Shell, 'openExternal' | 'openPath'> {
  private readonly double: ElectronDouble;
  constructor(double: ElectronDouble) {
    this.double = double;
  }
  openExternal(url: string): Promise<void> {
    this.double.record('shell.openExternal', [url]);
    return Promise.resolve();
  }
  openPath(path: string): Promise<string> {
    this.double.record('shell.openPath', [path]);
    return Promise.resolve('');
  }
}

export class ClipboardDouble implements Pick<Clipboard, 'writeText' | 'readText'> {
  text = '';
  private readonly double: ElectronDouble;
  constructor(double: ElectronDouble) {
    this.double = double;
  }
  /** Electron 45's clipboard is asynchronous (W3C-like): both answer promises. */
  writeText(text: string): Promise<void> {
    this.double.record('clipboard.writeText', [text]);
    this.text = text;
    return Promise.resolve();
  }
  readText(): Promise<string> {
    return Promise.resolve(this.text);
  }
}

export class NativeImageDouble implements Pick<NativeImage, 'setTemplateImage' | 'isEmpty' | 'isTemplateImage'> {
  template = false;
  readonly path: string;
  private readonly double: ElectronDouble;
  constructor(double: ElectronDouble, path: string) {
    this.double = double;
    this.path = path;
  }
  setTemplateImage(option: boolean): void {
    this.double.record('NativeImage.setTemplateImage', [option]);
    this.template = option;
  }
  isTemplateImage(): boolean {
    return this.template;
  }
  isEmpty(): boolean {
    return this.path === '';
  }
}

type SafeStoragePart = 'isAsyncEncryptionAvailable' | 'encryptStringAsync' | 'decryptStringAsync' | 'getSelectedStorageBackend' | 'isEncryptionAvailable';

/** Reversible but not secret: enough for the shell's fallback logic, never for real keys. */
export class SafeStorageDouble implements Pick<SafeStorage, SafeStoragePart> {
  private readonly double: ElectronDouble;
  constructor(double: ElectronDouble) {
    this.double = double;
  }
  isEncryptionAvailable(): boolean {
    return true;
  }
  isAsyncEncryptionAvailable(): Promise<boolean> {
    this.double.record('safeStorage.isAsyncEncryptionAvailable', []);
    return Promise.resolve(true);
  }
  encryptStringAsync(plainText: string): Promise<Buffer> {
    this.double.record('safeStorage.encryptStringAsync', []);
    return Promise.resolve(Buffer.from(`double:${plainText}`, 'utf8'));
  }
  decryptStringAsync(encrypted: Buffer): Promise<{ shouldReEncrypt: boolean; result: string }> {
    this.double.record('safeStorage.decryptStringAsync', []);
    const text = encrypted.toString('utf8');
    if (!text.startsWith('double:')) return Promise.reject(new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.'));
    return Promise.resolve({ shouldReEncrypt: false, result: text.slice('double:'.length) });
  }
  getSelectedStorageBackend(): ReturnType<SafeStorage['getSelectedStorageBackend']> {
    this.double.record('safeStorage.getSelectedStorageBackend', []);
    return (this.double.options.safeStorageBackend ?? 'basic_text') as ReturnType<SafeStorage['getSelectedStorageBackend']>;
  }
}

const WORK_AREA: Rectangle = { x: 0, y: 0, width: 1920, height: 1040 };

export class ScreenDouble implements Pick<Screen, 'getAllDisplays' | 'getPrimaryDisplay'> {
  private readonly double: ElectronDouble;
  constructor(double: ElectronDouble) {
    this.double = double;
  }
  getAllDisplays(): Display[] {
    this.double.record('screen.getAllDisplays', []);
    return [this.getPrimaryDisplay()];
  }
  getPrimaryDisplay(): Display {
    return { id: 1, bounds: { ...WORK_AREA, height: 1080 }, workArea: WORK_AREA, scaleFactor: 1 } as Display;
  }
}

export class WebUtilsDouble implements Pick<WebUtils, 'getPathForFile'> {
  private readonly double: ElectronDouble;
  constructor(double: ElectronDouble) {
    this.double = double;
  }
  /** A File built by a page has no path; a test may give one a `path` property to play a dropped file. */
  getPathForFile(file: File): string {
    this.double.record('webUtils.getPathForFile', [file.name]);
    const path = (file as File & { path?: unknown }).path;
    return typeof path === 'string' ? path : '';
  }
}

type WebContentsPart = 'send' | 'reload' | 'isLoading' | 'setWindowOpenHandler' | 'id';

export class WebContentsDouble extends Emitter implements Pick<WebContents, WebContentsPart> {
  readonly id: number;
  readonly sent: Array<{ channel: string; payload: unknown }> = [];
  mainFrame: FrameFacts;
  loading = false;
  url = '';
  /** The last document load through protocol.handle: status and body. */
  loaded: { url: string; status: number; body: string; headers: Headers } | null = null;
  windowOpenHandler: Parameters<WebContents['setWindowOpenHandler']>[0] | null = null;
  reloads = 0;
  private readonly window: BrowserWindowDouble;

  constructor(double: ElectronDouble, window: BrowserWindowDouble) {
    super(double, `webContents#${window.id}`);
    this.id = window.id;
    this.window = window;
    this.mainFrame = { url: '', parent: null, processId: 100 + window.id, routingId: double.allocateFrameId() };
  }

  send(channel: string, ...args: unknown[]): void {
    this.double.record(`${this.label}.send`, [channel]);
    this.sent.push({ channel, payload: args[0] });
  }

  reload(): void {
    this.double.record(`${this.label}.reload`, []);
    this.reloads += 1;
    void this.navigate(this.url);
  }

  isLoading(): boolean {
    return this.loading;
  }

  setWindowOpenHandler(handler: Parameters<WebContents['setWindowOpenHandler']>[0]): void {
    this.double.record(`${this.label}.setWindowOpenHandler`, []);
    this.windowOpenHandler = handler;
  }

  /** Loads `url`: app:// through the registered protocol handler, any other URL is only recorded. */
  async navigate(url: string): Promise<void> {
    this.loading = true;
    this.url = url;
    this.mainFrame = { ...this.mainFrame, url };
    if (url.startsWith('app:')) {
      const response = await this.double.protocol.fetch(url);
      this.loaded = { url, status: response.status, body: await response.text(), headers: response.headers };
    }
    this.loading = false;
    if (this.window.destroyed) return;
    this.emit('did-finish-load', new EventDouble());
    this.window.emit('ready-to-show', new EventDouble());
  }

  /** Sends every listener of 'will-navigate' a navigation to `url`; answers whether it was stopped. */
  tryNavigate(url: string): boolean {
    const event = new EventDouble();
    this.emit('will-navigate', event, url);
    return event.defaultPrevented;
  }
}

type WindowPart =
  | 'show'
  | 'hide'
  | 'focus'
  | 'restore'
  | 'minimize'
  | 'maximize'
  | 'isMinimized'
  | 'isMaximized'
  | 'isFullScreen'
  | 'isDestroyed'
  | 'isVisible'
  | 'getNormalBounds'
  | 'setProgressBar'
  | 'loadURL'
  | 'close';

let nextWindowId = 1;

export class BrowserWindowDouble extends Emitter implements Pick<RealBrowserWindow, WindowPart> {
  readonly id: number;
  readonly options: BrowserWindowConstructorOptions;
  readonly webContents: WebContentsDouble;
  visible = false;
  minimized = false;
  maximized = false;
  destroyed = false;
  progress: { value: number; options: ProgressBarOptions | undefined } | null = null;

  constructor(double: ElectronDouble, options: BrowserWindowConstructorOptions) {
    const id = nextWindowId++;
    super(double, `BrowserWindow#${id}`);
    this.id = id;
    this.options = options;
    double.record('new BrowserWindow', [options]);
    this.webContents = double.strict(`webContents#${id}`, new WebContentsDouble(double, this));
    double.windows.push(this);
    double.app.emit('web-contents-created', new EventDouble(), this.webContents);
  }

  show(): void {
    this.double.record(`${this.label}.show`, []);
    const wasVisible = this.visible;
    this.visible = true;
    this.minimized = false;
    if (!wasVisible) this.emit('show');
  }

  hide(): void {
    this.double.record(`${this.label}.hide`, []);
    if (!this.visible) return;
    this.visible = false;
    this.emit('hide');
  }

  focus(): void {
    this.double.record(`${this.label}.focus`, []);
  }

  restore(): void {
    this.double.record(`${this.label}.restore`, []);
    this.minimized = false;
    this.emit('restore');
  }

  minimize(): void {
    this.double.record(`${this.label}.minimize`, []);
    this.minimized = true;
    this.emit('minimize');
  }

  maximize(): void {
    this.double.record(`${this.label}.maximize`, []);
    this.maximized = true;
  }

  isMinimized(): boolean {
    return this.minimized;
  }

  isMaximized(): boolean {
    return this.maximized;
  }

  isFullScreen(): boolean {
    return false;
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  isVisible(): boolean {
    return this.visible;
  }

  getNormalBounds(): Rectangle {
    return { x: 100, y: 100, width: Number(this.options.width ?? 1200), height: Number(this.options.height ?? 800) };
  }

  setProgressBar(progress: number, options?: ProgressBarOptions): void {
    this.double.record(`${this.label}.setProgressBar`, [progress, options]);
    this.progress = { value: progress, options };
  }

  loadURL(url: string): Promise<void> {
    this.double.record(`${this.label}.loadURL`, [url]);
    return this.webContents.navigate(url);
  }

  /** The person (or app.quit) closes the window; answers false when a 'close' listener prevented it. */
  close(): boolean {
    this.double.record(`${this.label}.close`, []);
    if (this.destroyed) return true;
    const event = new EventDouble();
    this.emit('close', event);
    if (event.defaultPrevented) return false;
    this.destroyed = true;
    this.visible = false;
    this.emit('closed');
    const app = this.double.app;
    if (!app.quitting && this.double.windows.every((w) => w.destroyed)) app.emit('window-all-closed');
    return true;
  }
}

export class TrayDouble extends Emitter {
  readonly image: unknown;
  tooltip = '';
  contextMenu: MenuDouble | null = null;
  destroyed = false;

  constructor(double: ElectronDouble, image: unknown) {
    super(double, 'Tray');
    double.record('new Tray', [image]);
    if (double.options.trayFails) throw new Error('Tray is not supported on this desktop (double)');
    this.image = image;
    double.trays.push(this);
  }

  setToolTip(toolTip: string): void {
    this.double.record('Tray.setToolTip', [toolTip]);
    this.tooltip = toolTip;
  }

  setContextMenu(menu: MenuDouble | null): void {
    this.double.record('Tray.setContextMenu', [menu?.items.map((item) => item.label ?? item.role ?? item.type)]);
    this.contextMenu = menu;
  }

  destroy(): void {
    this.double.record('Tray.destroy', []);
    this.destroyed = true;
  }
}

export class MenuDouble {
  readonly items: MenuItemConstructorOptions[];
  constructor(template: MenuItemConstructorOptions[] = []) {
    this.items = template;
  }
  /** Clicks the item with this label, as the person would. */
  click(label: string): void {
    const item = this.items.find((entry) => entry.label === label);
    if (!item?.click) throw new Error(`No clickable menu item "${label}"`);
    (item.click as () => void)();
  }
}

export class NotificationDouble extends Emitter {
  readonly options: NotificationConstructorOptions;
  shown = false;

  constructor(double: ElectronDouble, options: NotificationConstructorOptions) {
    super(double, 'Notification');
    double.record('new Notification', [options]);
    this.options = options;
    double.notifications.push(this);
  }

  show(): void {
    this.double.record('Notification.show', [this.options.title]);
    this.shown = true;
  }

  close(): void {
    this.emit('close', new EventDouble());
  }

  /** The person clicks the notification. */
  click(): void {
    this.emit('click', new EventDouble());
  }
}

/** Compile-time check: the constructors the shell uses are shaped like Electron's. */
export type RealMenuStatics = Pick<typeof RealMenu, 'buildFromTemplate' | 'setApplicationMenu'>;

export function createElectronDouble(options: ElectronDoubleOptions): ElectronDouble {
  return new ElectronDouble(options);
}
