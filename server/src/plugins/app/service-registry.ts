// The one typed way to reach a service: `app.services.<name>` (handlers: `ctx.services.<name>`).
// No file lists every service: each infrastructure and area plugin builds its own, adds it to this
// object and declares its name and type by augmenting `AppServices` in its own file.
import fp from 'fastify-plugin';

declare module 'fastify' {
  /** Filled by the plugins that build each service (plugins/app/{runtime,engines,storage,jobs}, domain/<area>/plugin). */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppServices {}
  interface FastifyInstance {
    services: AppServices;
  }
}

export type Services = import('fastify').AppServices;

/** Adds what one plugin built; a name is given once, so two plugins cannot claim the same service. */
export function provideServices<K extends keyof Services>(services: Services, built: Pick<Services, K>): void {
  for (const name of Object.keys(built)) {
    if (name in services) throw new Error(`service ${name} is provided twice`);
  }
  Object.assign(services, built);
}

export default fp(
  async (app) => {
    app.decorate('services', {} as Services);
  },
  { name: 'services' },
);
