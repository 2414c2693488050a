/** The account's notifications page: what alerts (and later other events) told the user, read or not. */
import type { Queryable } from '../db';

export interface NotificationRecord {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  createdAt: Date;
  readAt: Date | null;
}

export const NOTIFICATIONS_PAGE_MAX = 100;

export async function addNotification(
  db: Queryable,
  userId: number,
  notification: { kind: string; title: string; body: string; link: string | null },
): Promise<void> {
  await db.query('INSERT INTO notifications (user_id, kind, title, body, link) VALUES ($1, $2, $3, $4, $5)', [
    userId,
    notification.kind,
    notification.title,
    notification.body,
    notification.link,
  ]);
}

export async function listNotifications(db: Queryable, userId: number, limit: number): Promise<NotificationRecord[]> {
  const { rows } = await db.query<{
    id: number;
    kind: string;
    title: string;
    body: string;
    link: string | null;
    created_at: Date;
    read_at: Date | null;
  }>(
    `SELECT id, kind, title, body, link, created_at, read_at FROM notifications
      WHERE user_id = $1 ORDER BY id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    title: r.title,
    body: r.body,
    link: r.link,
    createdAt: r.created_at,
    readAt: r.read_at,
  }));
}

/** Marks the given notifications of this user read (all of them when `ids` is null); returns how many changed. */
export async function markNotificationsRead(db: Queryable, userId: number, ids: readonly number[] | null): Promise<number> {
  const { rows } = await db.query(
    `UPDATE notifications SET read_at = now()
      WHERE user_id = $1 AND read_at IS NULL AND ($2::bigint[] IS NULL OR id = ANY($2::bigint[]))
      RETURNING id`,
    [userId, ids ? [...ids] : null],
  );
  return rows.length;
}
