import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const ROOT = path.join(__dirname, '..', '..');
const APPS = ['host', 'mf-user-dashboard', 'mf-agent-softphone', 'mf-admin'];

/** Node's chunk format: what a build writes for a compilation that no browser ever loads. */
const NODE_CHUNK = /^\s*"use strict";\s*exports\.ids\s*=/;

// A deployment ships dist/ whole: every script in it is one a browser can load, and no shared
// package is built a second time for nothing (the build's time and the image's size).
for (const app of APPS) {
  test(`${app}'s build holds browser scripts only`, () => {
    const dist = path.join(ROOT, app, 'dist');
    const scripts = readdirSync(dist).filter((file) => file.endsWith('.js'));
    expect(scripts).toContain('main.js');
    const nodeChunks = scripts.filter((file) => NODE_CHUNK.test(readFileSync(path.join(dist, file), 'utf8').slice(0, 200)));
    expect(nodeChunks).toEqual([]);
  });
}
