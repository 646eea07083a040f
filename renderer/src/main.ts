// First: points the message functions at the window's locale before any component calls one.
import './lib/i18n.svelte.ts';
import { mount } from 'svelte';
import App from './App.svelte';
import './styles/app.css';

const target = document.getElementById('app');
if (!target) throw new Error('index.html lacks #app');

export default mount(App, { target });
