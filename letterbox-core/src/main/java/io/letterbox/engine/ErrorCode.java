package io.letterbox.engine;

/** Why a request failed. The HTTP layer maps each code to its status, in one place. */
public enum ErrorCode {
  INVALID_ARGUMENT,
  UNAUTHORIZED,
  FORBIDDEN,
  /** The receiver blocked the sender. */
  BLOCKED,
  NOT_FOUND,
  /** Only a message's sender may recall or edit it. */
  NOT_SENDER,
  /** The message is older than recall-window. */
  RECALL_WINDOW_PASSED,
  /** The message is older than edit-window. */
  EDIT_WINDOW_PASSED,
  /** The user's settings exclude the actor (a group add by one it does not follow, or by anyone). */
  NOT_ALLOWED,
  /** A group member's action (posting, reading) by a user who is not one. */
  NOT_MEMBER,
  /** Administering a group (adding, removing, promoting, renaming) by a member who is not its owner or an admin. */
  NOT_GROUP_ADMIN,
  /** A group would exceed max-group-members. */
  GROUP_FULL,
  IDEMPOTENCY_CONFLICT,
  /** A sync position older than sync-retention: the client lists its conversations again. */
  SYNC_TOO_OLD,
  PAYLOAD_TOO_LARGE,
  FREQUENCY_CAPPED,
  OVERLOADED,
  /** A user passed one of its per-user limits (the HTTP layer's; service keys have none): retry later. */
  RATE_LIMITED,
  NOT_READY,
  /** The node does not own the partition the request belongs to (it is moving): retry shortly. */
  NOT_OWNER,
  /** The platform's before-send hook refused the message; its reason is the message. */
  REJECTED,
  /** The before-send hook did not answer in time, or answered something else, and hook-before-send-failure is reject. */
  HOOK_UNAVAILABLE,
  /** The user is on legal hold: it is not erased (decision 0044). */
  ON_HOLD,
  /** A backup of the store is being taken: one at a time. */
  BACKUP_RUNNING,
  /** This server takes no online backups: its store is not the embedded one, or no backup-dir is set. */
  BACKUPS_UNAVAILABLE,
  /** A user reacted to a message with as many different emojis as it may (API.md: 20). */
  TOO_MANY_REACTIONS,
  /** A conversation would have more than 50 pinned messages (decision 0050). */
  TOO_MANY_PINS,
  INTERNAL
}
