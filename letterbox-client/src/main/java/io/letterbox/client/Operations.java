package io.letterbox.client;

import static io.letterbox.client.internal.Route.GET_CLUSTER;
import static io.letterbox.client.internal.Route.HEALTH;
import static io.letterbox.client.internal.Route.LIST_BACKUPS;
import static io.letterbox.client.internal.Route.METRICS;
import static io.letterbox.client.internal.Route.OPEN_API_DOCUMENT;
import static io.letterbox.client.internal.Route.REVOKE_TOKENS;
import static io.letterbox.client.internal.Route.START_BACKUP;
import static io.letterbox.client.internal.Route.WEBHOOK_STATUS;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.client.internal.Decoder;
import io.letterbox.client.internal.Maps;
import io.letterbox.client.internal.Spec;
import io.letterbox.client.internal.Transport;

/**
 * Health, metrics, the OpenAPI document, a cluster's state, the webhooks' progress, revoking
 * a user's tokens, and online backups: for operators and the platform's services, answered as they come.
 */
public final class Operations extends Resource {
  private static final TypeReference<Page<Backup>> BACKUPS = new TypeReference<>() {};

  Operations(Transport transport) {
    super(transport);
  }

  /** {@code {"status":"up"}} when ready; a 503 NOT_READY is retried, then thrown. */
  @Maps(HEALTH)
  public Call<JsonNode> health() {
    return call(Spec.of(HEALTH), JsonNode.class);
  }

  /** The Prometheus text. */
  @Maps(METRICS)
  public Call<String> metrics() {
    return call(Spec.of(METRICS), Decoder.text());
  }

  /** The served OpenAPI document: the contract. */
  @Maps(OPEN_API_DOCUMENT)
  public Call<JsonNode> openApiDocument() {
    return call(Spec.of(OPEN_API_DOCUMENT), JsonNode.class);
  }

  /** A cluster's members, partitions and epochs (a service key's call). */
  @Maps(GET_CLUSTER)
  public Call<JsonNode> cluster() {
    return call(Spec.of(GET_CLUSTER), JsonNode.class);
  }

  /**
   * Every user token of {@code uid} issued until now is refused from now on, on every node (a
   * service key's call). Sent again after a 503 (a node did not confirm yet), it also revokes
   * tokens issued in between.
   */
  @Maps(REVOKE_TOKENS)
  public Call<Void> revokeTokens(long uid) {
    return call(Spec.of(REVOKE_TOKENS, uid));
  }

  /**
   * The webhooks' progress on the node answering (a service key's call):
   * {@code {"url","deliveredUpTo","lagEvents","failing","lastError"}}.
   */
  @Maps(WEBHOOK_STATUS)
  public Call<JsonNode> webhookStatus() {
    return call(Spec.of(WEBHOOK_STATUS), JsonNode.class);
  }

  /**
   * Starts an online backup of the embedded store into the server's backup-dir (a service key's
   * call): every write acknowledged before it is in it. 409 BACKUP_RUNNING while one runs, 409
   * BACKUPS_UNAVAILABLE on HBase or without backup-dir.
   *
   * @return the backup, running
   */
  @Maps(START_BACKUP)
  public Call<Backup> startBackup() {
    return call(Spec.of(START_BACKUP), Backup.class);
  }

  /** The online backups, oldest first (a service key's call). */
  @Maps(LIST_BACKUPS)
  public Listing<Backup> backups() {
    return listing(() -> Spec.of(LIST_BACKUPS), BACKUPS);
  }
}
