package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.hbase.MiniHBase;
import io.letterbox.hbase.MiniHBaseExtension;
import io.letterbox.server.support.ClusterNodes;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.TestServers;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The before-send hook on a cluster: a send that reaches a node which does not own its sender is
 * forwarded before the hook is asked, so the owner asks once; a retry through either node is not
 * asked again. Two nodes (child JVMs) on the HBase mini cluster, hooked to an endpoint this test runs.
 */
@Tag("cluster")
@ExtendWith(MiniHBaseExtension.class)
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class BeforeSendHookClusterTest {
  static final int PARTITIONS = 4;

  @TempDir
  static Path dir;
  static ClusterNodes nodes;
  static Vertx endpointVertx;
  /** The sender of each call the endpoint received. */
  static final List<String> senders = new CopyOnWriteArrayList<>();

  @BeforeAll
  static void twoNodesHookedToOneEndpoint(MiniHBase hbase) throws Exception {
    endpointVertx = Vertx.vertx();
    HttpServer endpoint = endpointVertx.createHttpServer().requestHandler(req -> req.body().onSuccess(body -> {
      senders.add(new JsonObject(body).getString("from"));
      req.response().putHeader("Content-Type", "application/json").end("{\"action\":\"allow\"}");
    })).listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    ClusterNodes.createTables(hbase, "hooked");
    // A generous timeout: a node's first call loads its web client, in a JVM that runs interpreted at first.
    nodes = new ClusterNodes(dir, hbase.quorum(), "hooked", 2, PARTITIONS, Duration.ofSeconds(4))
        .with("hook-before-send-url=http://127.0.0.1:" + endpoint.actualPort() + "/before-send",
            "hook-secret=the platform's hook secret", "hook-before-send-timeout=PT5S",
            "hook-before-send-failure=reject");
    nodes.startAll();
    nodes.awaitCluster("two members, each hosting partitions", Duration.ofSeconds(120),
        () -> nodes.api(0).get("/v1/cluster").json().get("members").size() == 2
            && nodes.api(1).get("/v1/cluster").json().get("members").size() == 2
            && nodes.api(0).get("/v1/cluster").json().get("hosted").size() > 0
            && nodes.api(1).get("/v1/cluster").json().get("hosted").size() > 0);
  }

  @AfterAll
  static void stop() throws Exception {
    if (nodes != null) {
      nodes.close();
    }
    endpointVertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  private static String send(long from, long to, String text, String idempotencyKey) {
    JsonObject body = new JsonObject().put("from", "" + from).put("to", "" + to).put("text", text);
    return (idempotencyKey == null ? body : body.put("idempotencyKey", idempotencyKey)).encode();
  }

  private static long callsFrom(long uid) {
    return senders.stream().filter(s -> s.equals("" + uid)).count();
  }

  @Test
  void aSendThroughANodeThatDoesNotOwnItsSenderIsHookedOnceAndItsRetryThroughEitherNodeNotAgain() {
    long from = nodes.uidOwnedBy(1);
    long to = TestServers.freshUid();
    String keyed = send(from, to, "through the other node", "cluster-retry");

    Reply first = nodes.api(0).post("/v1/messages", keyed);
    Reply throughTheSame = nodes.api(0).post("/v1/messages", keyed);
    Reply throughTheOwner = nodes.api(1).post("/v1/messages", keyed);
    Reply unkeyed = nodes.api(0).post("/v1/messages", send(from, to, "no key", null));

    assertThat(first.status()).as("%s", first).isEqualTo(201);
    assertThat(throughTheSame.status()).as("%s", throughTheSame).isEqualTo(200);
    assertThat(throughTheOwner.status()).as("%s", throughTheOwner).isEqualTo(200);
    assertThat(unkeyed.status()).as("%s", unkeyed).isEqualTo(201);
    assertThat(callsFrom(from)).as("the keyed send once, the unkeyed one once").isEqualTo(2);
  }
}
