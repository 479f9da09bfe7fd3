// What one server module contributes to the app (issue 33, decision 090): each module folder exports one
// manifest from `<module>.manifest.ts`, and modules/manifests.ts lists them all in registration order. The
// registries read that one list: app.ts (routes, jobs, event handlers, export and diagnostics parts), the
// policy table (policy.ts), and the data export's test (tables that hold nothing personal). A field a
// module has nothing for is left out.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AnyDomainHandler } from '../lib/domain-events.ts';
import type { DiagnosticsContributor, ExportContributor } from '../lib/contributors.ts';
import type { Job } from './job.ts';
import type { RoutePolicy } from '../policy.ts';
import type { SecretPurpose } from '../lib/secret-box.ts';
import type { AuditActionName } from '@aula/contracts';

export interface ModuleManifest {
  /** the module's folder name under modules/ */
  name: string;
  /** route plugins, registered under /api in this order */
  routes?: readonly FastifyPluginAsyncZod[];
  /** the policy rows of those routes (policy.ts: who may call which route, on whose objects) */
  policy?: Readonly<Record<string, RoutePolicy>>;
  /** scheduled work (plugins/jobs.ts) */
  jobs?: readonly Job[];
  /** domain-event handlers (lib/domain-events.ts), subscribed at build */
  eventHandlers?: readonly AnyDomainHandler[];
  /** parts of a user's data export the generic walk does not find (lib/contributors.ts) */
  exportContributors?: readonly ExportContributor[];
  /** parts of the server status: whether an outside system is set up (lib/contributors.ts) */
  diagnostics?: readonly DiagnosticsContributor[];
  /** the module's tables that hold nothing about a person, each with the reason (the data export's test) */
  notPersonalTables?: Readonly<Record<string, string>>;
  /** the keys it derives from the one secret (lib/secret-box.ts purposeKey); each purpose is one module's */
  secretPurposes?: readonly SecretPurpose[];
  /** the audit actions it names (AUDIT_ACTIONS, the logs tab); each is one module's, another may record it */
  auditActions?: readonly AuditActionName[];
}

/** A route plugin registered with its options (another module's rule, wired in modules/manifests.ts). */
export function withOptions<O extends object>(
  plugin: FastifyPluginAsyncZod<O>,
  options: O,
): FastifyPluginAsyncZod {
  return async (api) => {
    await api.register(plugin, options);
  };
}

/** Shorthand for policy rows: a state change the user makes for others to see, refused while impersonating (decision 081). */
export const OWN_ACT = { whileImpersonating: 'refused' } as const;
/** Shorthand for policy rows: a state change allowed while impersonating, decided (decision 081). */
export const NOT_AN_ACT = { whileImpersonating: 'allowed' } as const;
