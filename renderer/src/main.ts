// First: points the message functions at the window's locale before any component calls one.
import { windowLocale } from './lib/i18n.svelte.ts';
import { loadCatalog } from './lib/catalog.svelte.ts';
import { mount } from 'svelte';
import App from './App.svelte';
import './styles/app.css';

const target = document.getElementById('app');
if (!target) throw new Error('index.html lacks #app');

// The first screen in the system's language: its catalog (a small chunk of its own; English is
// in this script) arrives before the first paint. Settings' choice, read later, loads its own.
await loadCatalog(windowLocale.locale);

// index.html's starting screen, painted before this script ran, gives way to the app's own.
target.replaceChildren();
export default mount(App, { target });
