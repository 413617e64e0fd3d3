package io.letterbox.server.support;

import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.engine.Letterbox;
import io.letterbox.engine.partition.Partitioning;
import io.letterbox.hbase.MiniHBase;
import io.letterbox.server.Main;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.awaitility.core.ConditionTimeoutException;

/**
 * Letterbox nodes of one cluster, each a child JVM, on one HBase namespace: for tests that kill,
 * pause and restart them. Node i listens on {@link #port}(i).
 */
public final class ClusterNodes implements AutoCloseable {
  public static final String SECRET = "test-cluster-secret-0123456789";
  /** Regions a table of the nodes' namespace is split into (the mini cluster makes 16 slowly). */
  public static final int SALT_BUCKETS = 2;

  private final Path dir;
  private final String quorum;
  private final String namespace;
  private final int partitions;
  private final Duration sessionTimeout;
  private final int[] ports;
  private final int[] clusterPorts;
  private boolean ownListeners;
  private final Process[] processes;
  private final int[] starts;
  private final List<String> settings = new ArrayList<>();
  private String serviceKey;

  public ClusterNodes(Path dir, String quorum, String namespace, int nodes, int partitions, Duration sessionTimeout)
      throws IOException {
    this.dir = dir;
    this.quorum = quorum;
    this.namespace = namespace;
    this.partitions = partitions;
    this.sessionTimeout = sessionTimeout;
    this.ports = new int[nodes];
    this.clusterPorts = new int[nodes];
    this.processes = new Process[nodes];
    this.starts = new int[nodes];
    // All held open until each has its own: a port closed before the next is asked for can be
    // handed out again, and two nodes on one port look like one healthy node and one that exits.
    List<ServerSocket> held = new ArrayList<>();
    try {
      for (int i = 0; i < nodes; i++) {
        ServerSocket s = new ServerSocket(0);
        held.add(s);
        ports[i] = s.getLocalPort();
        ServerSocket c = new ServerSocket(0);
        held.add(c);
        clusterPorts[i] = c.getLocalPort();
      }
    } finally {
      for (ServerSocket s : held) {
        s.close();
      }
    }
  }

  /**
   * Adds {@code key=value} lines to every node's configuration, for nodes started from now on; an
   * {@code api-keys} line makes {@link #api} use its first key.
   */
  public ClusterNodes with(String... lines) {
    for (String line : lines) {
      settings.add(line);
      if (line.startsWith("api-keys=")) {
        serviceKey = line.substring("api-keys=".length()).split(",")[0].trim();
      }
    }
    return this;
  }

  /** Gives every node started from now on a listener of its own for the members' calls ({@code cluster-port}). */
  public ClusterNodes withClusterPorts() {
    ownListeners = true;
    return this;
  }

  /** The port of node {@code node}'s listener for the members' calls, with {@link #withClusterPorts}. */
  public int clusterPort(int node) {
    return clusterPorts[node];
  }

  public int size() {
    return ports.length;
  }

  public int port(int node) {
    return ports[node];
  }

  /** @return a fresh uid whose partition node {@code node} owns: its requests there are not forwarded */
  /** The partitions node {@code node} hosts now, as it sees them; refused if none. */
  public Set<Integer> partitionsOf(int node) {
    Set<Integer> owned = new HashSet<>();
    for (JsonNode m : api(node).get("/v1/cluster").json().get("members")) {
      if (m.get("id").asText().equals("node" + node)) {
        m.get("partitions").forEach(p -> owned.add(p.asInt()));
      }
    }
    if (owned.isEmpty()) {
      throw new AssertionError("node " + node + " owns no partition: " + describe());
    }
    return owned;
  }

  public Partitioning partitioning() {
    return new Partitioning(partitions);
  }

  public long uidOwnedBy(int node) {
    Set<Integer> owned = partitionsOf(node);
    Partitioning partitioning = partitioning();
    long uid = TestServers.freshUid();
    while (!owned.contains(partitioning.of(uid))) {
      uid = TestServers.freshUid();
    }
    return uid;
  }

  /** @return a client of node {@code node}, with the service key when one is configured */
  public Api api(int node) {
    return serviceKey == null ? new Api(ports[node]) : new Api(ports[node]).withKey(serviceKey);
  }

  /**
   * Creates the tables of {@code namespace} on {@code hbase}, empty and split as the nodes'
   * configuration says, before any node starts, so that no node creates them.
   */
  public static void createTables(MiniHBase hbase, String namespace) {
    hbase.emptyStore(hbase.options(namespace).saltBuckets(SALT_BUCKETS).build(), Letterbox.SPACES).close();
  }

  /** Starts node {@code i} and waits until it answers /health (it has taken its partitions). */
  public void start(int i) throws IOException {
    launch(i);
    awaitHealthy(i);
  }

  /** Starts every node at once, then waits until each answers /health. */
  public void startAll() throws IOException {
    for (int i = 0; i < ports.length; i++) {
      launch(i);
    }
    for (int i = 0; i < ports.length; i++) {
      awaitHealthy(i);
    }
  }

  private void launch(int i) throws IOException {
    Path config = dir.resolve("node" + i + ".properties");
    Files.writeString(config, String.join("\n",
        "port=" + ports[i],
        "store=hbase",
        "hbase-quorum=" + quorum,
        "hbase-namespace=" + namespace,
        "hbase-salt-buckets=" + SALT_BUCKETS,
        "cluster=true",
        "cluster-node=node" + i,
        "cluster-secret=" + SECRET,
        "cluster-session-timeout=" + sessionTimeout,
        "partitions=" + partitions,
        "worker-threads=8",
        "fanout-retry-delay=PT0.2S",
        ownListeners ? "cluster-port=" + clusterPorts[i] : "",
        String.join("\n", settings),
        ""));
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    List<String> command = new ArrayList<>(List.of(java.toString(), "-Xmx384m", "-XX:TieredStopAtLevel=1",
        // The server's own logging (INFO), not the tests' (WARN): what a node did is in its log.
        "-Dlogback.configurationFile=" + Path.of("target", "classes", "logback.xml").toAbsolutePath(),
        "-cp", System.getProperty("java.class.path"), Main.class.getName(), "serve", "--config", config.toString()));
    starts[i]++;
    processes[i] = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(logOf(i).toFile()).start();
  }

  private void awaitHealthy(int i) throws IOException {
    Path log = logOf(i);
    Api api = api(i);
    try {
      // A ceiling only: a loaded 2-core machine starts several JVMs at once and reaches HBase slowly.
      await("node " + i + " healthy").atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofMillis(200))
          .failFast("the node exited", () -> {
            if (!processes[i].isAlive()) {
              throw new AssertionError("node " + i + " exited: " + Files.readString(log));
            }
          })
          .until(() -> healthy(api) && isSelf(api, "node" + i));
    } catch (ConditionTimeoutException e) {
      throw new AssertionError("node " + i + " did not become healthy: " + Files.readString(log), e);
    }
  }

  /**
   * The log of node {@code i}'s latest start. Kept under target/, not in the test's temporary
   * directory, so that a failure can be read.
   */
  private Path logOf(int i) {
    Path logs = Path.of("target", "cluster-nodes", dir.getFileName().toString());
    try {
      Files.createDirectories(logs);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return logs.resolve("node" + i + "-" + starts[i] + ".log");
  }

  /**
   * Waits up to {@code atMost} for {@code condition} about the cluster; when it does not come,
   * fails with what each node says of the cluster and its membership log lines, so that a failure
   * on a machine one cannot log into can still be read.
   */
  public void awaitCluster(String what, Duration atMost, java.util.concurrent.Callable<Boolean> condition) {
    try {
      await(what).atMost(atMost).pollInterval(Duration.ofMillis(200)).until(condition);
    } catch (ConditionTimeoutException e) {
      throw new AssertionError(what + " not within " + atMost + "\n" + describe(), e);
    }
  }

  /** Each node's answer to /v1/cluster and the last lines of its log about partitions. */
  public String describe() {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < ports.length; i++) {
      out.append("node ").append(i).append(alive(i) ? "" : " (not running)").append(": ");
      try {
        out.append(api(i).get("/v1/cluster").body());
      } catch (AssertionError down) {
        out.append("no answer");
      }
      out.append('\n');
      Path log = logOf(i);
      try {
        List<String> lines = Files.readAllLines(log).stream()
            .filter(l -> l.contains("partition") || l.contains("ERROR") || l.contains("session")).toList();
        lines.subList(Math.max(0, lines.size() - 20), lines.size()).forEach(l -> out.append("  ").append(l).append('\n'));
      } catch (IOException | java.io.UncheckedIOException unreadable) {
        out.append("  (log unreadable: ").append(unreadable).append(")\n");
      }
    }
    return out.toString();
  }

  /** Whether the node answering on {@code api}'s port calls itself {@code node}. */
  private static boolean isSelf(Api api, String node) {
    try {
      Reply r = api.get("/v1/cluster");
      return r.status() == 200 && r.json().get("self").asText().equals(node);
    } catch (AssertionError notListening) {
      return false;
    }
  }

  public static boolean healthy(Api api) {
    try {
      return api.get("/health").status() == 200;
    } catch (AssertionError notListening) {
      return false;
    }
  }

  /** SIGKILL: no shutdown hook, nothing flushed, its ZooKeeper session left to expire. */
  public void kill(int i) throws InterruptedException {
    processes[i].destroyForcibly().waitFor(30, TimeUnit.SECONDS);
  }

  /** SIGTERM: the node leaves the cluster, hands its partitions over and stops. */
  public void stop(int i) throws InterruptedException {
    processes[i].destroy();
    if (!processes[i].waitFor(90, TimeUnit.SECONDS)) {
      processes[i].destroyForcibly().waitFor(30, TimeUnit.SECONDS);
      throw new AssertionError("node " + i + " did not stop within 90 s of SIGTERM");
    }
  }

  /** SIGSTOP: the node freezes, as in a long GC pause, holding whatever it was doing. */
  public void pause(int i) throws IOException, InterruptedException {
    signal(i, "STOP");
  }

  /** SIGCONT: the frozen node resumes where it stopped. */
  public void resume(int i) throws IOException, InterruptedException {
    signal(i, "CONT");
  }

  private void signal(int i, String signal) throws IOException, InterruptedException {
    Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(processes[i].pid())).inheritIO().start();
    if (kill.waitFor() != 0) {
      throw new AssertionError("kill -" + signal + " failed");
    }
  }

  public boolean alive(int i) {
    return processes[i] != null && processes[i].isAlive();
  }

  @Override
  public void close() {
    for (Process p : processes) {
      if (p != null) {
        p.destroyForcibly();
      }
    }
  }
}
