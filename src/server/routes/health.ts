import { z } from 'zod';
import { outageNames } from '../observability/outages';
import type { App } from '../types';

const outageSchema = z.object({
  name: z.enum(outageNames).meta({ description: 'Which dependency is down.' }),
  since: z.string().meta({ description: 'When this instance first met the outage (ISO 8601).' }),
  description: z.string().meta({ description: 'What is down and what clients meet meanwhile.' }),
  withdrawsReadiness: z.boolean().meta({
    description:
      "True when /readyz answers 503 while it lasts: only for the instance's own faults (its disk). An outage every instance shares (the picture store, the PostgreSQL server's disk) keeps it ready.",
  }),
});

export async function healthRoutes(app: App): Promise<void> {
  const outages = () => app.outages.active().map((outage) => ({ ...outage, since: outage.since.toISOString() }));

  app.get(
    '/healthz',
    {
      schema: {
        tags: ['operations'],
        summary: 'The process is up, and which dependencies are down',
        description:
          'Always 200 while the process answers: a supervisor restarts on its absence, never on a dependency. `detail.outages` lists what is down now.',
        response: {
          200: z.object({
            status: z.literal('ok'),
            detail: z.object({ outages: z.array(outageSchema) }),
          }),
        },
      },
    },
    async () => {
      // An outage no request meets any more ends by its probe; asking here shows the end at once.
      await app.outages.probe();
      return { status: 'ok' as const, detail: { outages: outages() } };
    },
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['operations'],
        summary: 'The instance can serve: the database answers and its own disk takes writes',
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({
            status: z.literal('unavailable'),
            outages: z.array(outageSchema).meta({ description: 'The outages that withdraw this instance.' }),
          }),
        },
      },
    },
    async (request, reply) => {
      // A stopping instance is taken out of a load balancer that checks, before it is gone.
      if (app.isDraining()) return reply.status(503).send({ status: 'unavailable' as const, outages: [] });
      try {
        await app.database.ping();
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed');
        return reply.status(503).send({ status: 'unavailable' as const, outages: [] });
      }
      await app.outages.probe();
      const withdrawing = outages().filter((outage) => outage.withdrawsReadiness);
      if (withdrawing.length > 0)
        return reply.status(503).send({ status: 'unavailable' as const, outages: withdrawing });
      return { status: 'ready' as const };
    },
  );
}
