import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { staffIdentityRoutes } from './staff-identity-routes';
import { adminRoutes } from './admin-routes';
import { staffScope } from './staff-scope';
import { staffApplicationsRoutes } from './staff-applications-routes';

/**
 * The admissions office's API (issue 17), under /api/staff: every route declares its access
 * ('public', 'password', 'reader' or 'admin') and its schemas; the scope checks the staff session
 * and role before validation. Each part of the staff side is a plugin of its own, listed here.
 */
export async function staffPlugin(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(
    async (api) => {
      await api.register(staffScope, services);
      // The staff side's route plugins are registered here, each with `services`.
      await api.register(staffIdentityRoutes, services);
      await api.register(staffApplicationsRoutes, services);
      await api.register(adminRoutes, services);
    },
    { prefix: '/api/staff' },
  );
}
