/**
 * deploy/k8s/recipes: the one-off Jobs the README tells an operator to create by hand (the first
 * admin account). Checked like the overlays' objects: the schema, a command the image has, and an
 * environment auth-service's command-line schema accepts in both clusters.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { packageEntry } from '@tunnelscope/stack-tests';
import { repoRoot } from '@tunnelscope/test-kit';
import { Job } from 'kubernetes-models/batch/v1';
import { imagePackage } from '../src/deployables.js';
import { resolveEnvironment, type Container } from '../src/environment.js';
import { operatorValues } from '../src/operator-values.js';
import { K8S_DIR, OVERLAYS, renderOverlay, type K8sObject } from '../src/render.js';

const recipe = parse(fs.readFileSync(path.join(K8S_DIR, 'recipes/admin-create.yaml'), 'utf8')) as K8sObject;
const container = recipe.spec.template.spec.containers[0] as Container;

describe('recipes/admin-create.yaml', () => {
  it('is a valid Job', () => {
    expect(() => new Job(recipe as never).validate()).not.toThrow();
  });

  it('runs auth-service’s admin:create from auth-service’s image', () => {
    expect(imagePackage(container.image)?.package).toBe('@tunnelscope/auth-service');
    const pkg = JSON.parse(
      fs.readFileSync(path.join(repoRoot, 'services/auth-service/package.json'), 'utf8'),
    );
    expect(pkg.scripts['admin:create']).toBe(`node ${container.command![1]}`);
    expect(container.command!.slice(2)).toEqual(expect.arrayContaining(['--username', '--email']));
  });

  it.each(OVERLAYS)('has an environment the command accepts in the %s cluster', async (overlay) => {
    const objects = renderOverlay(overlay);
    const { env, missing } = resolveEnvironment(container, objects, operatorValues());
    expect(missing).toEqual([]);
    const { cliConfigSchema } = await import(
      pathToFileURL(packageEntry('@tunnelscope/auth-service/config')).href
    );
    const result = cliConfigSchema.safeParse(env);
    expect(result.success).toBe(true);
  });
});
