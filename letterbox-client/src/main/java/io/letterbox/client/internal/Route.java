package io.letterbox.client.internal;

/**
 * Every operation of the served OpenAPI document that the client calls: its operationId, method
 * and path template. {@code retrySafe}: sending the request twice has the effect of sending it once,
 * so a request whose answer was lost may be sent again. The three sends are safe because the client
 * always gives them an idempotency key; creating a group and importing history have no key and are
 * not.
 */
public enum Route {
  SEND_MESSAGE("sendMessage", "POST", "/v1/messages", true),
  LIST_CONVERSATIONS("listConversations", "GET", "/v1/users/{uid}/conversations", true),
  LIST_MESSAGES("listMessages", "GET", "/v1/users/{uid}/conversations/{peer}/messages", true),
  MARK_READ("markRead", "POST", "/v1/users/{uid}/conversations/{peer}/read", true),
  GET_CONVERSATION("getConversation", "GET", "/v1/users/{uid}/conversations/{peer}", true),
  DELETE_CONVERSATION("deleteConversation", "DELETE", "/v1/users/{uid}/conversations/{peer}", true),
  EXPORT_USER("exportUser", "GET", "/v1/users/{uid}/export", true),
  GET_UNREAD("getUnread", "GET", "/v1/users/{uid}/unread", true),
  GET_MESSAGE("getMessage", "GET", "/v1/users/{uid}/messages/{id}", true),
  DELETE_MESSAGE("deleteMessage", "DELETE", "/v1/users/{uid}/messages/{id}", true),
  EDIT_MESSAGE("editMessage", "PATCH", "/v1/users/{uid}/messages/{id}", true),
  DELETE_ALL_MESSAGES("deleteAllMessages", "DELETE", "/v1/users/{uid}/messages", true),
  IMPORT_MESSAGES("importMessages", "POST", "/v1/import/messages", false),
  SET_CAP("setCap", "PUT", "/v1/senders/{uid}/cap", true),
  GET_CAP("getCap", "GET", "/v1/senders/{uid}/cap", true),
  HEALTH("health", "GET", "/health", true),
  METRICS("metrics", "GET", "/metrics", true),
  OPEN_API_DOCUMENT("openApiDocument", "GET", "/openapi.json", true),
  GET_CLUSTER("getCluster", "GET", "/v1/cluster", true),
  REVOKE_TOKENS("revokeTokens", "POST", "/v1/users/{uid}/sessions/revoke", true),
  WEBHOOK_STATUS("webhookStatus", "GET", "/v1/webhooks", true),
  SEND_BROADCAST("sendBroadcast", "POST", "/v1/broadcasts", true),
  GET_BROADCAST("getBroadcast", "GET", "/v1/broadcasts/{id}", true),
  RESUME_BROADCAST("resumeBroadcast", "POST", "/v1/broadcasts/{id}/resume", true),
  RECALL_BROADCAST("recallBroadcast", "POST", "/v1/broadcasts/{id}/recall", true),
  LIST_SENT_BROADCASTS("listSentBroadcasts", "GET", "/v1/users/{uid}/broadcasts", true),
  FOLLOW("follow", "PUT", "/v1/users/{uid}/following/{target}", true),
  UNFOLLOW("unfollow", "DELETE", "/v1/users/{uid}/following/{target}", true),
  ADD_FOLLOWERS("addFollowers", "POST", "/v1/users/{target}/followers", true),
  GET_USER_SETTINGS("getUserSettings", "GET", "/v1/users/{uid}/settings", true),
  SET_USER_SETTINGS("setUserSettings", "PUT", "/v1/users/{uid}/settings", true),
  SUBSCRIBE("subscribe", "PUT", "/v1/users/{uid}/subscriptions/{target}", true),
  UNSUBSCRIBE("unsubscribe", "DELETE", "/v1/users/{uid}/subscriptions/{target}", true),
  REPLACE_SEGMENT("replaceSegment", "PUT", "/v1/segments/{name}", true),
  ADD_SEGMENT_MEMBERS("addSegmentMembers", "POST", "/v1/segments/{name}/members", true),
  SET_CONVERSATION_STATE("setConversationState", "PUT", "/v1/users/{uid}/conversations/{peer}/state", true),
  BLOCK("block", "PUT", "/v1/users/{uid}/blocks/{peer}", true),
  UNBLOCK("unblock", "DELETE", "/v1/users/{uid}/blocks/{peer}", true),
  LIST_BLOCKS("listBlocks", "GET", "/v1/users/{uid}/blocks", true),
  UPLOAD_BLOB("uploadBlob", "POST", "/v1/blobs", true),
  GET_BLOB("getBlob", "GET", "/v1/blobs/{id}", true),
  GET_BLOB_HEADERS("getBlobHeaders", "HEAD", "/v1/blobs/{id}", true),
  RECALL_MESSAGE("recallMessage", "POST", "/v1/users/{uid}/messages/{id}/recall", true),
  SYNC("sync", "GET", "/v1/users/{uid}/sync", true),
  STREAM_EVENTS("streamEvents", "GET", "/v1/users/{uid}/events", true),
  CREATE_GROUP("createGroup", "POST", "/v1/groups", false),
  GET_GROUP("getGroup", "GET", "/v1/groups/{gid}", true),
  RENAME_GROUP("renameGroup", "PATCH", "/v1/groups/{gid}", true),
  SET_GROUP_MEMBER("setGroupMember", "PUT", "/v1/groups/{gid}/members/{uid}", true),
  REMOVE_GROUP_MEMBER("removeGroupMember", "DELETE", "/v1/groups/{gid}/members/{uid}", true),
  LIST_GROUP_MEMBERS("listGroupMembers", "GET", "/v1/groups/{gid}/members", true),
  ADD_GROUP_MEMBERS("addGroupMembers", "POST", "/v1/groups/{gid}/members", true),
  POST_TO_GROUP("postToGroup", "POST", "/v1/groups/{gid}/messages", true),
  GROUP_HISTORY("groupHistory", "GET", "/v1/users/{uid}/groups/{gid}/messages", true),
  MARK_GROUP_READ("markGroupRead", "POST", "/v1/users/{uid}/groups/{gid}/read", true),
  GET_GROUP_CONVERSATION("getGroupConversation", "GET", "/v1/users/{uid}/groups/{gid}", true),
  SET_GROUP_CONVERSATION_STATE("setGroupConversationState", "PUT", "/v1/users/{uid}/groups/{gid}/state", true),
  SEARCH_MESSAGES("searchMessages", "GET", "/v1/users/{uid}/search", true),
  REPORT_MESSAGE("reportMessage", "POST", "/v1/users/{uid}/reports", false),
  LIST_REPORTS("listReports", "GET", "/v1/reports", true),
  TAKE_DOWN_MESSAGE("takeDownMessage", "POST", "/v1/messages/{id}/takedown", true),
  COMPACT_STORE("compactStore", "POST", "/v1/admin/compact", true),
  ERASE_USER("eraseUser", "DELETE", "/v1/users/{uid}", true),
  GET_ERASURE("getErasure", "GET", "/v1/erasures/{id}", true),
  SET_HOLD("setHold", "PUT", "/v1/users/{uid}/hold", true),
  RELEASE_HOLD("releaseHold", "DELETE", "/v1/users/{uid}/hold", true),
  START_BACKUP("startBackup", "POST", "/v1/admin/backups", false),
  LIST_BACKUPS("listBackups", "GET", "/v1/admin/backups", true),
  REACT("react", "PUT", "/v1/users/{uid}/messages/{id}/reactions/{emoji}", true),
  UNREACT("unreact", "DELETE", "/v1/users/{uid}/messages/{id}/reactions/{emoji}", true),
  PIN_MESSAGE("pinMessage", "PUT", "/v1/users/{uid}/conversations/{peer}/pins/{id}", true),
  UNPIN_MESSAGE("unpinMessage", "DELETE", "/v1/users/{uid}/conversations/{peer}/pins/{id}", true),
  LIST_PINS("listPins", "GET", "/v1/users/{uid}/conversations/{peer}/pins", true),
  PIN_GROUP_MESSAGE("pinGroupMessage", "PUT", "/v1/groups/{gid}/pins/{id}", true),
  UNPIN_GROUP_MESSAGE("unpinGroupMessage", "DELETE", "/v1/groups/{gid}/pins/{id}", true),
  LIST_GROUP_PINS("listGroupPins", "GET", "/v1/users/{uid}/groups/{gid}/pins", true),
  SET_DRAFT("setDraft", "PUT", "/v1/users/{uid}/conversations/{peer}/draft", true),
  SET_GROUP_DRAFT("setGroupDraft", "PUT", "/v1/users/{uid}/groups/{gid}/draft", true),
  TYPING("typing", "POST", "/v1/users/{uid}/conversations/{peer}/typing", true),
  GROUP_TYPING("groupTyping", "POST", "/v1/users/{uid}/groups/{gid}/typing", true),
  PRESENCE("presence", "GET", "/v1/users/{uid}/presence", true),
  LIST_SCHEDULED("listScheduled", "GET", "/v1/users/{uid}/scheduled", true),
  CANCEL_SCHEDULED("cancelScheduled", "DELETE", "/v1/users/{uid}/scheduled/{id}", true);

  public final String operationId;
  public final String method;
  public final String template;
  public final boolean retrySafe;

  Route(String operationId, String method, String template, boolean retrySafe) {
    this.operationId = operationId;
    this.method = method;
    this.template = template;
    this.retrySafe = retrySafe;
  }
}
