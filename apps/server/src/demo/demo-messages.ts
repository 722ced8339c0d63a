import { and, eq, inArray, sql } from 'drizzle-orm';
import { schema, type Transaction } from '@sentinel/db';
import { rowsOf } from '../platform/throttle';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

type Who = 'attorney' | 'counsel' | 'ellis' | 'hernandez' | 'contractor' | 'adjuster' | 'expert';
/** A message: who wrote it, how long ago, what. */
type Line = [Who, number, string];

interface DemoThread {
  /** The case (by title) and which of its threads, or a direct conversation of the attorney's. */
  where: { case: string; kind: 'case' | 'team' } | { direct: Who };
  lines: Line[];
  /** Who has read everything (the rest read nothing of it: it shows as unread for them). */
  readBy: Who[];
}

/** Conversations among every role on the demo cases, some unread, over the last two weeks. */
const THREADS: DemoThread[] = [
  {
    where: { case: 'Ellis Residence – Water Damage', kind: 'case' },
    lines: [
      [
        'attorney',
        9 * DAY_MS,
        'Jordan, Harborline acknowledged the claim. Please keep every receipt for the drying equipment and the hotel.',
      ],
      [
        'ellis',
        9 * DAY_MS - 2 * HOUR_MS,
        'Will do. The hotel so far is $1,840 — I uploaded the folio to Documents.',
      ],
      [
        'adjuster',
        6 * DAY_MS,
        'I walked the property with Sam today. The moisture map shows the subfloor is wet well past the kitchen.',
      ],
      [
        'attorney',
        4 * DAY_MS,
        'The carrier offered $96,500. That is well under our estimate; we will counter at $185,000 with Dana’s report.',
      ],
      ['ellis', 26 * HOUR_MS, 'Thank you. Is there anything I need to sign before the mediation?'],
      [
        'ellis',
        3 * HOUR_MS,
        'Also — the adjuster from Harborline called me directly this morning. Should I call back?',
      ],
    ],
    readBy: ['ellis', 'adjuster'],
  },
  {
    where: { case: 'Ellis Residence – Water Damage', kind: 'team' },
    lines: [
      ['contractor', 5 * DAY_MS, 'Revised Xactimate estimate is up: $171,420 RCV including the cabinets.'],
      [
        'expert',
        2 * DAY_MS,
        'Draft causation report is ready for review. Long-term seepage is ruled out by the supply-line failure pattern.',
      ],
      [
        'attorney',
        30 * HOUR_MS,
        'Thanks Dana. Please add the photos of the compression fitting as an exhibit.',
      ],
      ['expert', 40 * MINUTE_MS, 'Done — exhibit C. Final version by Friday.'],
    ],
    readBy: ['contractor', 'expert', 'adjuster'],
  },
  {
    where: { case: 'Hernandez Kitchen Fire', kind: 'case' },
    lines: [
      ['hernandez', 12 * DAY_MS, 'The contents list is finished: 214 items. Where should I send it?'],
      [
        'attorney',
        12 * DAY_MS - 3 * HOUR_MS,
        'Upload it to Documents and share it with us; I will send it to Sunstate with the proof of loss.',
      ],
      [
        'counsel',
        2 * DAY_MS,
        'Maria, the settlement conference is confirmed for next Thursday at 10:00. We will call you the day before.',
      ],
      ['hernandez', 20 * HOUR_MS, 'Perfect, thank you Riley.'],
    ],
    readBy: ['hernandez', 'counsel', 'attorney'],
  },
  {
    where: { direct: 'counsel' },
    lines: [
      [
        'counsel',
        2 * HOUR_MS,
        'Can you cover the Riverside deposition prep tomorrow? I am in mediation until 3.',
      ],
    ],
    readBy: [],
  },
  {
    where: { direct: 'expert' },
    lines: [
      [
        'attorney',
        8 * DAY_MS,
        'Dana, are you available to inspect the Riverside Plaza sprinkler line next week?',
      ],
      ['expert', 8 * DAY_MS - HOUR_MS, 'Yes — Tuesday or Wednesday morning works.'],
    ],
    readBy: ['attorney', 'expert'],
  },
];

/** The demo firm's conversations (issue 12), with read marks so some show as unread. */
export async function seedDemoMessages(
  tx: Transaction,
  firmId: string,
  people: Record<Who, string>,
  now = Date.now(),
): Promise<void> {
  const named = await tx
    .select({ id: schema.users.id, first: schema.users.firstName, last: schema.users.lastName })
    .from(schema.users)
    .where(inArray(schema.users.id, Object.values(people)));
  const names = Object.fromEntries(
    Object.entries(people).map(([who, id]) => {
      const row = named.find((candidate) => candidate.id === id)!;
      return [who, `${row.first} ${row.last}`];
    }),
  ) as Record<Who, string>;
  const titles = [
    ...new Set(THREADS.flatMap((thread) => ('case' in thread.where ? [thread.where.case] : []))),
  ];
  const cases = await tx
    .select({ id: schema.cases.id, title: schema.cases.title })
    .from(schema.cases)
    .where(and(eq(schema.cases.firmId, firmId), inArray(schema.cases.title, titles)));
  for (const thread of THREADS) {
    let conversationId: string;
    if ('case' in thread.where) {
      const { case: title, kind } = thread.where;
      const [row] = await tx
        .select({ id: schema.conversations.id })
        .from(schema.conversations)
        .where(
          and(
            eq(schema.conversations.caseId, cases.find((c) => c.title === title)!.id),
            eq(schema.conversations.kind, kind),
          ),
        );
      conversationId = row!.id;
    } else {
      const pair = [people.attorney, people[thread.where.direct]];
      const [row] = await tx
        .insert(schema.conversations)
        .values({
          firmId,
          kind: 'direct',
          directKey: [...pair].sort().join(':'),
          createdById: people.attorney,
          createdAt: new Date(now - thread.lines[0]![1]),
        })
        .returning({ id: schema.conversations.id });
      conversationId = row!.id;
      await tx
        .insert(schema.conversationParticipants)
        .values(pair.map((userId) => ({ conversationId, userId, firmId })));
    }
    let lastSeq = 0;
    for (const [who, ago, body] of thread.lines) {
      const [message] = await tx
        .insert(schema.messages)
        .values({ conversationId, firmId, senderId: people[who], body, createdAt: new Date(now - ago) })
        .returning({ seq: schema.messages.seq });
      lastSeq = message!.seq;
    }
    await tx
      .update(schema.conversations)
      .set({ lastMessageAt: new Date(now - thread.lines.at(-1)![1]) })
      .where(eq(schema.conversations.id, conversationId));
    const writers = new Set(thread.lines.map(([who]) => who));
    for (const who of new Set<Who>([...thread.readBy, ...writers])) {
      // A writer has read up to their own last message at least.
      const upTo = thread.readBy.includes(who)
        ? lastSeq
        : Number(
            rowsOf<{ seq: number }>(
              await tx.execute(
                sql`select max(seq) as seq from ${schema.messages} where conversation_id = ${conversationId} and sender_id = ${people[who]}`,
              ),
            )[0]?.seq ?? 0,
          );
      await tx
        .insert(schema.conversationParticipants)
        .values({ conversationId, userId: people[who], firmId, readSeq: upTo, readAt: new Date(now) })
        .onConflictDoUpdate({
          target: [schema.conversationParticipants.conversationId, schema.conversationParticipants.userId],
          set: { readSeq: upTo },
        });
    }
    // The demo attorney's bell has the conversations waiting for them.
    const [who, ago, body] = thread.lines.at(-1)!;
    if (!thread.readBy.includes('attorney') && who !== 'attorney') {
      await tx.insert(schema.notifications).values({
        userId: people.attorney,
        firmId,
        kind: 'message',
        title: `New message from ${names[who]}`,
        body: body.length > 100 ? `${body.slice(0, 99)}…` : body,
        link: `/messages?conversation=${conversationId}`,
        sourceKey: `message:${conversationId}:${people.attorney}`,
        createdAt: new Date(now - ago),
      });
    }
  }
}
