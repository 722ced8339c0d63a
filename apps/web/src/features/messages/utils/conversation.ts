import {
  CONVERSATION_KIND_LABELS,
  USER_TYPE_LABELS,
  type ConversationDetailResponse,
  type ConversationPerson,
  type ConversationSummary,
  type Message,
} from '@sentinel/shared';

/** 'Ada Lovelace (Attorney)'; a person who left the firm has no type. */
export const personLabel = (person: Pick<ConversationPerson, 'name' | 'userType'>) =>
  person.userType ? `${person.name} (${USER_TYPE_LABELS[person.userType]})` : person.name;

/** What names a conversation: the other person of a direct one, else the case. */
export function conversationName(conversation: ConversationSummary): string {
  if (conversation.kind === 'direct') return conversation.counterpart?.name ?? conversation.title;
  return conversation.case
    ? `${conversation.case.caseNumber} · ${conversation.case.title}`
    : conversation.title;
}

/** The second line of a conversation's name: 'Case thread', 'Team thread' or the person's role. */
export function conversationRole(conversation: ConversationSummary): string {
  if (conversation.kind === 'direct') {
    const type = conversation.counterpart?.userType;
    return type ? USER_TYPE_LABELS[type] : CONVERSATION_KIND_LABELS.direct;
  }
  return CONVERSATION_KIND_LABELS[conversation.kind];
}

/** Whose initials the list shows: the other person, or who wrote last in a case thread. */
export const avatarName = (conversation: ConversationSummary) =>
  conversation.kind === 'direct'
    ? (conversation.counterpart?.name ?? conversation.title)
    : (conversation.lastMessage?.sender?.name ?? conversation.title);

/** A message's sender as the thread names them. */
export const senderName = (message: Message, viewerId: string | undefined) =>
  message.sender?.userId === viewerId ? 'You' : (message.sender?.name ?? 'Former member');

/**
 * Read marks: for each other participant, the newest message they have read that someone else
 * sent; the thread writes 'Seen by …' under it. Keyed by message id, names in participant order.
 */
export function seenBy(
  messages: readonly Message[],
  participants: ConversationDetailResponse['participants'],
  viewerId: string | undefined,
): Map<string, string[]> {
  const marks = new Map<string, string[]>();
  for (const person of participants) {
    if (person.userId === viewerId || person.readSeq <= 0) continue;
    let anchor: Message | undefined;
    for (const message of messages) {
      if (message.seq > person.readSeq) break;
      if (message.sender?.userId !== person.userId && message.deletedAt === null) anchor = message;
    }
    if (anchor) marks.set(anchor.id, [...(marks.get(anchor.id) ?? []), person.name]);
  }
  return marks;
}

/** 'Seen by Ada', 'Seen by Ada and Sam', 'Seen by Ada, Sam and Grace'. */
export function seenByText(names: readonly string[]): string {
  if (names.length <= 1) return `Seen by ${names[0] ?? ''}`;
  return `Seen by ${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
