// Measuring candidate: the week view in Svelte 5 (runes), on the shared typed-client calls of ../week-api.ts.
import { mount } from 'svelte';
import Week from './Week.svelte';

mount(Week, { target: document.getElementById('app')! });
