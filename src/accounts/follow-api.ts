import 'server-only';
import { getDb } from '@/db';
import type { Db } from '@/db/client';
import type { Result } from '@/lib/errors';
import {
  addCompanies,
  createList,
  deleteList,
  follow,
  followedCompaniesOf,
  getList,
  listsOf,
  removeCompanies,
  unfollow,
  updateList,
} from './follows';
import {
  dataResponse,
  failureResponse,
  guarded,
  overriddenMethod,
  readFields,
  type Fields,
} from './http';
import { checkCsrf, requireUser, type SessionUser } from './session';

/**
 * The routes of spec section 7 "Following". Reads need a session; writes need the XSRF token
 * first (419), then a session (401). Route files in src/app only call these.
 */
type Handler = (user: SessionUser, fields: Fields, db: Db) => Promise<Result<unknown>>;

function read(req: Request, run: (user: SessionUser, db: Db) => Promise<Result<unknown>>, db: Db) {
  return guarded(async () => {
    const user = await requireUser(req);
    if (!user.ok) return failureResponse(user);
    const r = await run(user.value, db);
    return r.ok ? dataResponse(r.value) : failureResponse(r);
  });
}

function write(req: Request, run: Handler, db: Db, created = false) {
  return guarded(async () => {
    const csrf = checkCsrf(req);
    if (!csrf.ok) return failureResponse(csrf);
    const user = await requireUser(req);
    if (!user.ok) return failureResponse(user);
    const fields = await readFields(req);
    if (!fields.ok) return failureResponse(fields);
    const r = await run(user.value, fields.value, db);
    return r.ok ? dataResponse(r.value, created ? 201 : 200) : failureResponse(r);
  });
}

const ok = <T>(value: T): Result<T> => ({ ok: true, value });

/** GET /api/company/followed */
export const getFollowed = (req: Request, db: Db = getDb()) =>
  read(req, async (u, d) => ok(await followedCompaniesOf(d, u.id)), db);

/** GET /api/followed-lists */
export const getLists = (req: Request, db: Db = getDb()) =>
  read(req, async (u, d) => ok(await listsOf(d, u.id)), db);

/** POST /api/followed-lists (body: name, optional alert_mode) */
export const postList = (req: Request, db: Db = getDb()) =>
  write(
    req,
    (u, f, d) => createList(d, u.id, { name: f.name, alert_mode: f.alert_mode }),
    db,
    true,
  );

/** GET /api/followed-lists/{id} */
export const getOneList = (req: Request, id: string, db: Db = getDb()) =>
  read(req, (u, d) => getList(d, u.id, id), db);

/** DELETE /api/followed-lists/{id} */
export const deleteOneList = (req: Request, id: string, db: Db = getDb()) =>
  write(req, (u, _f, d) => deleteList(d, u.id, id), db);

/** PATCH /api/followed-lists/{id} (or POST with a PATCH override): rename, alert frequency. */
export const patchList = (req: Request, id: string, db: Db = getDb()) =>
  write(req, (u, f, d) => updateList(d, u.id, id, { name: f.name, alert_mode: f.alert_mode }), db);

/** POST /api/followed-lists/{id}: only as a PATCH or DELETE override. */
export const postOneList = (req: Request, id: string, db: Db = getDb()) =>
  write(
    req,
    async (u, f, d) => {
      const method = overriddenMethod(req, f);
      if (method === 'DELETE') return deleteList(d, u.id, id);
      return updateList(d, u.id, id, { name: f.name, alert_mode: f.alert_mode });
    },
    db,
  );

/** POST|DELETE /api/followed-lists/{id}/companies (body: sirens) */
export const listCompanies = (req: Request, id: string, db: Db = getDb()) =>
  write(
    req,
    (u, f, d) =>
      overriddenMethod(req, f) === 'DELETE'
        ? removeCompanies(d, u.id, id, f.sirens)
        : addCompanies(d, u.id, id, f.sirens),
    db,
  );

/** POST /api/company/{siren}/follow[/{listId}] */
export const followCompany = (req: Request, siren: string, listId?: string, db: Db = getDb()) =>
  write(req, (u, _f, d) => follow(d, u.id, siren, listId), db);

/** DELETE /api/company/{siren}/unfollow */
export const unfollowCompany = (req: Request, siren: string, db: Db = getDb()) =>
  write(req, (u, _f, d) => unfollow(d, u.id, [siren]), db);

/** POST /api/company/unfollow-list (body: sirens) */
export const unfollowMany = (req: Request, db: Db = getDb()) =>
  write(req, (u, f, d) => unfollow(d, u.id, f.sirens), db);
