import type { FastifyInstance } from 'fastify';
import type { ApplicationService } from './application-service';
import { errors } from '../errors';
import { messages } from '../messages';
import { accountOf } from '../identity/authenticate';
import {
  addAnotherBody,
  addAnotherReply,
  tabsBody,
  tabsReply,
  type AddAnotherBody,
  type TabsBody,
} from '../../contract/application';
import { messageReply as message } from '../../contract/wire';

export interface FormLayoutRoutesOptions {
  application: ApplicationService;
  /** add-another ids and their maximum counts, from the form definitions. */
  addAnother: ReadonlyMap<string, number>;
  /** tabs ids and their tab ids, from the form definitions. */
  tabs: ReadonlyMap<string, readonly string[]>;
  /** tabs id → tab id → the answers choosing that tab clears. */
  tabClears: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>;
}

/** How many add-another blocks and which tabs an applicant chose (SPEC §4, §7); inside /api. */
export async function formLayoutRoutes(app: FastifyInstance, options: FormLayoutRoutesOptions) {
  const { application, addAnother, tabs, tabClears } = options;

  app.get('/add-another', { schema: { response: addAnotherReply } }, async (request) =>
    application.addAnother.of(accountOf(request).accountId),
  );

  app.put<{ Body: AddAnotherBody }>(
    '/add-another',
    { schema: { body: addAnotherBody, response: message } },
    async (request) => {
      const { button_id: id, num_components: count } = request.body;
      const max = addAnother.get(id);
      if (max === undefined) throw errors.ADD_ANOTHER_UNKNOWN(id);
      if (count > max) throw errors.ADD_ANOTHER_TOO_MANY(id, max);
      await application.addAnother.set(accountOf(request).accountId, id, count);
      return { message: messages.saved };
    },
  );

  app.get('/tabs', { schema: { response: tabsReply } }, async (request) =>
    application.tabs.of(accountOf(request).accountId),
  );

  app.put<{ Body: TabsBody }>(
    '/tabs',
    { schema: { body: tabsBody, response: message } },
    async (request) => {
      const { tab_id: id, chosen_tab: chosen } = request.body;
      const known = tabs.get(id);
      if (!known) throw errors.TABS_UNKNOWN(id);
      if (!known.includes(chosen)) {
        throw errors.TAB_UNKNOWN(id, chosen, known.join(', '));
      }
      // Choosing a tab and clearing its answers is one step (SPEC §4 "Tabs").
      await application.tabs.set(accountOf(request).accountId, id, chosen, {
        defaultTab: known[0] ?? chosen,
        clears: tabClears.get(id)?.get(chosen) ?? [],
      });
      return { message: messages.saved };
    },
  );
}
