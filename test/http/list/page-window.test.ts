// pageWindow(): Laravel's paginator URL window (docs/api/conventions.md), 3 pages on each side of the current one.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pageWindow } from '../../../src/http/list/index.js';

const r = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

test('fewer than 14 pages: every page', () => {
  assert.deepEqual(pageWindow(1, 1), [1]);
  assert.deepEqual(pageWindow(3, 5), [1, 2, 3, 4, 5]);
  assert.deepEqual(pageWindow(13, 13), r(1, 13));
});

test('14+ pages, current page up to 7: pages 1-10, gap, last two', () => {
  assert.deepEqual(pageWindow(1, 14), [...r(1, 10), '...', 13, 14]);
  assert.deepEqual(pageWindow(7, 3166), [...r(1, 10), '...', 3165, 3166]);
});

test('14+ pages in the middle: 1, 2, gap, current ± 3, gap, last two', () => {
  assert.deepEqual(pageWindow(8, 20), [1, 2, '...', ...r(5, 11), '...', 19, 20]);
  assert.deepEqual(pageWindow(13, 20), [1, 2, '...', ...r(10, 16), '...', 19, 20]);
  assert.deepEqual(pageWindow(100, 197), [1, 2, '...', ...r(97, 103), '...', 196, 197]);
});

test('14+ pages near the end (current > last - 7): 1, 2, gap, last ten', () => {
  assert.deepEqual(pageWindow(14, 20), [1, 2, '...', ...r(11, 20)]);
  assert.deepEqual(pageWindow(20, 20), [1, 2, '...', ...r(11, 20)]);
  assert.deepEqual(pageWindow(8, 14), [1, 2, '...', ...r(5, 14)]);
});

test('a current page past the last keeps the end window', () => {
  assert.deepEqual(pageWindow(50, 20), [1, 2, '...', ...r(11, 20)]);
});
