import type { FastifyInstance } from 'fastify';
import type { ApplicationService } from './application-service';
import { errors } from '../errors';
import { textFor } from '../i18n/request-locale';
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

  /** GET reads the applicant's map at `path`; PUT writes one entry once `write` accepts it. */
  const savedMap = <Body>(
    path: string,
    reply: object,
    body: object,
    store: { of(accountId: string): Promise<unknown> },
    write: (accountId: string, body: Body) => Promise<void>,
  ) => {
    app.get(path, { schema: { response: reply } }, async (request) =>
      store.of(accountOf(request).accountId),
    );
    app.put<{ Body: Body }>(path, { schema: { body, response: message } }, async (request) => {
      // The schema checked the body; Fastify's conditional type does not resolve for a parameter.
      await write(accountOf(request).accountId, request.body as Body);
      return { message: textFor(request, 'messages.saved') };
    });
  };

  const setCount = async (accountId: string, body: AddAnotherBody) => {
    const { button_id: id, num_components: count } = body;
    const max = addAnother.get(id);
    if (max === undefined) throw errors.ADD_ANOTHER_UNKNOWN(id);
    if (count > max) throw errors.ADD_ANOTHER_TOO_MANY(id, max);
    await application.addAnother.set(accountId, id, count);
  };
  // Choosing a tab and clearing its answers is one step (SPEC §4 "Tabs").
  const chooseTab = async (accountId: string, { tab_id: id, chosen_tab: chosen }: TabsBody) => {
    const known = tabs.get(id);
    if (!known) throw errors.TABS_UNKNOWN(id);
    if (!known.includes(chosen)) throw errors.TAB_UNKNOWN(id, chosen, known.join(', '));
    const clears = tabClears.get(id)?.get(chosen) ?? [];
    await application.tabs.set(accountId, id, chosen, { defaultTab: known[0] ?? chosen, clears });
  };

  savedMap('/add-another', addAnotherReply, addAnotherBody, application.addAnother, setCount);
  savedMap('/tabs', tabsReply, tabsBody, application.tabs, chooseTab);
}
