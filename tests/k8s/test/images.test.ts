/**
 * Every image of ours is built by the Dockerfile (a target that exists, a workspace package that
 * ships dist), and every command a container runs is a file that build produces — what the cluster
 * would trip over at the first pull or start. Third-party images are a short known list.
 */
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '@tunnelscope/test-kit';
import { imagePackage, THIRD_PARTY_IMAGES } from '../src/deployables.js';
import { containersOf, OVERLAYS, renderOverlay } from '../src/render.js';

const dockerfile = fs.readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');
const stages = [...dockerfile.matchAll(/^FROM\s+\S+\s+AS\s+(\S+)/gim)].map((m) => m[1]);

/** name → folder of every workspace package. */
const workspace = new Map<string, string>();
for (const group of ['packages', 'services', 'apps', 'tests']) {
  for (const dir of fs.readdirSync(path.join(repoRoot, group))) {
    const file = path.join(repoRoot, group, dir, 'package.json');
    if (fs.existsSync(file))
      workspace.set(JSON.parse(fs.readFileSync(file, 'utf8')).name, path.join(group, dir));
  }
}
workspace.set('@tunnelscope/gateway', 'gateway');

describe.each(OVERLAYS)('overlay %s: images and commands', (overlay) => {
  const containers = renderOverlay(overlay).flatMap((o) =>
    containersOf(o).map((c) => ({ owner: `${o.kind}/${o.metadata.name}`, c })),
  );

  it('has containers', () => expect(containers.length).toBeGreaterThan(10));

  it('builds every image of ours from a Dockerfile target and a workspace package with dist', () => {
    for (const { owner, c } of containers) {
      const ours = imagePackage(c.image);
      if (!ours) {
        expect({ owner, image: c.image, known: THIRD_PARTY_IMAGES.some((r) => r.test(c.image)) }).toEqual({
          owner,
          image: c.image,
          known: true,
        });
        continue;
      }
      expect({ owner, stage: stages.includes(ours.target) }).toEqual({ owner, stage: true });
      const dir = workspace.get(ours.package);
      expect({ owner, dir }).toEqual({ owner, dir: expect.any(String) });
      const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, dir!, 'package.json'), 'utf8'));
      expect(pkg.files).toContain('dist');
    }
  });

  it('runs node on a dist file built from the package’s source, with no args the image lacks', () => {
    for (const { owner, c } of containers) {
      const ours = imagePackage(c.image);
      if (!ours) continue;
      expect({ owner, command: c.command?.slice(0, 1) }).toEqual({ owner, command: ['node'] });
      const file = c.command![1]!;
      expect(file).toMatch(/^dist\/.+\.js$/);
      const source = path.join(
        repoRoot,
        workspace.get(ours.package)!,
        file.replace(/^dist\//, 'src/').replace(/\.js$/, '.ts'),
      );
      expect({ owner, source, exists: fs.existsSync(source) }).toEqual({ owner, source, exists: true });
      expect({ owner, extra: [...c.command!.slice(2), ...(c.args ?? [])] }).toEqual({ owner, extra: [] });
    }
  });

  it('gives the gateway the target that carries the two web apps', () => {
    const gw = containers.find(({ owner }) => owner === 'Deployment/gateway')!;
    expect(imagePackage(gw.c.image)?.target).toBe('gateway');
    expect(dockerfile).toMatch(/FROM service AS gateway[\s\S]*PUBLIC_WEB_DIST=\/app\/web\/public/);
  });

  it('stops with a preStop sleep the image has (node:*-slim ships coreutils)', () => {
    expect(dockerfile).toMatch(/ARG NODE_IMAGE=node:[\d.]+-bookworm-slim/);
    for (const { owner, c } of containers) {
      const exec = c.lifecycle?.preStop?.exec?.command as string[] | undefined;
      if (!exec) continue;
      expect({ owner, exec: exec[0], seconds: Number(exec[1]) > 0 }).toEqual({
        owner,
        exec: 'sleep',
        seconds: true,
      });
    }
  });

  it('waits only on migration Jobs that exist', () => {
    const jobs = renderOverlay(overlay)
      .filter((o) => o.kind === 'Job')
      .map((o) => o.metadata.name);
    for (const { owner, c } of containers.filter(({ c }) => c.name === 'wait-for-migrations')) {
      expect(c.command!.slice(0, 3)).toEqual(['kubectl', 'wait', '--for=condition=complete']);
      for (const arg of c.command!.filter((a) => a.startsWith('job/')))
        expect({ owner, job: jobs.includes(arg.slice(4)) }).toEqual({ owner, job: true });
    }
  });
});
