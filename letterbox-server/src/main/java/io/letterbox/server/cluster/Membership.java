package io.letterbox.server.cluster;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.api.ACLProvider;
import org.apache.curator.framework.recipes.cache.ChildData;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This node's membership in its namespace's cluster, through ZooKeeper (Apache Curator): it
 * registers the node as an ephemeral znode {@code /letterbox/<namespace>/members/<nodeId>}, watches
 * the others, and tells a {@link Listener} which partitions this node gains and loses as members
 * come and go ({@link Assignment}).
 *
 * <p>A node owns partitions only while it holds a ZooKeeper session and its znode belongs to that
 * session. When the connection is suspended or the session lost, the listener is told at once
 * that every partition is lost: before the session can expire and others take over, the node has
 * stopped. On reconnection with a new session the node registers again, as a new member, and gains
 * its share back. Views of different nodes can still overlap for a moment (one takes a partition
 * before the other has seen the change); the store's fence makes that safe (decision 0007), so no
 * lock per partition is taken here.
 *
 * <p>A znode counts as a member only if it carries a proof that its node holds the cluster secret
 * ({@link ClusterSecret}): one written by anyone else owns no partition and is sent nothing. With
 * {@code zookeeperAuth}, the node authenticates to ZooKeeper and the cluster's znodes are created
 * (and, already there, set) writable by that identity only, readable by all (decision 0024).
 */
public final class Membership implements AutoCloseable {

  /** Told how this node's partitions change: on one thread, in order, never with an empty set. */
  public interface Listener {
    /** This node now owns {@code partitions}: take them (fence, replay) and start deciding. */
    void gained(Set<Integer> partitions);

    /** This node no longer owns {@code partitions}: return once it has stopped writing them. */
    void lost(Set<Integer> partitions);
  }

  private static final Logger LOG = LoggerFactory.getLogger(Membership.class);
  private static final SortedSet<Integer> NONE = Collections.emptySortedSet();
  /* Strangers' znodes reported at most: a writer of many cannot fill the memory or the log. */
  private static final int MAX_REPORTED = 1_000;

  private final MembershipConfig config;
  private final Listener listener;
  private final CuratorFramework client;
  private final CuratorCache cache;
  private final ClusterSecret secret;
  /* Znodes already reported as no proven member, so that each is reported once. */
  private final Set<String> reportedStrangers = new HashSet<>();
  /* The one thread that reads the cache, decides ownership and calls the listener. Connection
   * changes and cache changes are both queued to it, so the listener hears them in order, and the
   * fields below are confined to it. Each update recomputes from scratch, so a repeated or
   * reordered trigger changes nothing. */
  private final ExecutorService events;
  private volatile Thread eventsThread;
  private final CountDownLatch cacheLoaded = new CountDownLatch(1);
  private final AtomicBoolean closing = new AtomicBoolean();

  private boolean connected;
  private boolean cacheReady;
  private boolean left;
  // The session that created this node's znode, 0 before; the node may own partitions only while
  // this is the current session.
  private long registeredSession;
  // The session last reported as holding this node's znode, so that it is reported once.
  private long reportedHolder;
  private SortedSet<Integer> owned = NONE;
  private volatile ClusterView view;

  private Membership(MembershipConfig config, Listener listener) {
    this.config = config;
    this.listener = listener;
    this.secret = new ClusterSecret(config.secret());
    CuratorFrameworkFactory.Builder builder = CuratorFrameworkFactory.builder();
    if (config.zookeeperAuth() != null) {
      int colon = config.zookeeperAuth().indexOf(':');
      builder.authorization(config.zookeeperAuth().substring(0, colon),
              config.zookeeperAuth().substring(colon + 1).getBytes(StandardCharsets.UTF_8))
          .aclProvider(new ProtectedAcls());
    } else {
      LOG.warn("zookeeper-auth is not set: the cluster's znodes are open, and anyone who can reach ZooKeeper can"
          + " register or remove members (unproven ones are ignored, but a removal moves partitions)");
    }
    this.client = builder
        .connectString(config.connectString())
        .sessionTimeoutMs(Math.toIntExact(config.sessionTimeout().toMillis()))
        // Curator gives up on one operation after this long without a connection; past the
        // session timeout there is no session left to wait for.
        .connectionTimeoutMs(Math.toIntExact(
            Math.min(config.connectionTimeout().toMillis(), config.sessionTimeout().toMillis())))
        // Retries of one operation across a short disconnection; the connection itself is
        // re-established by ZooKeeper's client regardless.
        .retryPolicy(new ExponentialBackoffRetry(100, 5, 2_000))
        // Keep to the configured quorum: HBase's ZooKeeper may advertise addresses we cannot reach.
        .ensembleTracker(false)
        .build();
    this.cache = CuratorCache.build(client, config.membersPath());
    this.events = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "letterbox-membership");
      t.setDaemon(true);
      eventsThread = t;
      return t;
    });
    this.view = new ClusterView(config.nodeId(), Collections.emptySortedMap(),
        Assignment.of(List.of(), config.partitions()), NONE);
  }

  /**
   * Joins the cluster and returns once the members are known; the listener may be told of gained
   * partitions before this returns.
   *
   * @throws IllegalStateException if ZooKeeper cannot be reached within the connection timeout
   */
  public static Membership start(MembershipConfig config, Listener listener) {
    Membership membership = new Membership(config, listener);
    try {
      membership.join();
      return membership;
    } catch (RuntimeException | Error e) {
      membership.close();
      throw e;
    }
  }

  private void join() {
    client.getConnectionStateListenable().addListener((c, state) -> onConnection(state), events);
    cache.listenable().addListener(CuratorCacheListener.builder()
        .forAll((type, before, after) -> update())
        .forInitialized(this::onCacheLoaded)
        .build(), events);
    client.start();
    long timeoutMs = config.connectionTimeout().toMillis();
    try {
      if (!client.blockUntilConnected(Math.toIntExact(timeoutMs), TimeUnit.MILLISECONDS)) {
        throw new IllegalStateException("ZooKeeper at " + config.connectString()
            + " did not answer within " + config.connectionTimeout());
      }
      if (config.zookeeperAuth() != null) {
        protect();
      }
      cache.start();
      if (!cacheLoaded.await(timeoutMs, TimeUnit.MILLISECONDS)) {
        throw new IllegalStateException("could not read the members under "
            + config.membersPath() + " within " + config.connectionTimeout());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while joining the cluster", e);
    }
  }

  /**
   * Creates the members' znode and its parents with the protected ACLs, and sets them on those
   * that existed already (made by an earlier version, or without credentials).
   */
  private void protect() {
    try {
      client.createContainers(config.membersPath());
      String path = config.membersPath();
      while (!path.equals("/")) {
        client.setACL().withACL(ProtectedAcls.ACLS).forPath(path);
        path = ZKPaths.getPathAndNode(path).getPath();
      }
    } catch (Exception e) {
      LOG.warn("could not protect {} with the zookeeper-auth identity", config.membersPath(), e);
    }
  }

  /** Every right to the authenticated identity (all nodes share it), reading to everyone. */
  private static final class ProtectedAcls implements ACLProvider {
    // Not List.of: ZooKeeper asks the list whether it contains null, which List.of refuses to answer.
    static final List<ACL> ACLS = Arrays.asList(
        new ACL(ZooDefs.Perms.ALL, ZooDefs.Ids.AUTH_IDS),
        new ACL(ZooDefs.Perms.READ, ZooDefs.Ids.ANYONE_ID_UNSAFE));

    @Override
    public List<ACL> getDefaultAcl() {
      return ACLS;
    }

    @Override
    public List<ACL> getAclForPath(String path) {
      return ACLS;
    }
  }

  /** @return this node's current view of the cluster */
  public ClusterView view() {
    return view;
  }

  /** The ZooKeeper client, for tests that break its session. */
  CuratorFramework curator() {
    return client;
  }

  private void onConnection(ConnectionState state) {
    LOG.info("ZooKeeper connection of {}: {}", config.nodeId(), state);
    // READ_ONLY is a partitioned minority server: no ephemeral node can be written there.
    connected = state == ConnectionState.CONNECTED || state == ConnectionState.RECONNECTED;
    update();
  }

  private void onCacheLoaded() {
    cacheReady = true;
    update();
    cacheLoaded.countDown();
  }

  private void update() {
    if (left) {
      return;
    }
    SortedMap<String, Member> members = members();
    // Not registered in this session, or the znode is gone although the session lives (removed by
    // hand): create it. Also right after a create the cache has not caught up: a harmless retry.
    if (connected && (!registered() || cacheReady && !members.containsKey(config.nodeId()))) {
      register();
    }
    Assignment assignment = Assignment.of(members.keySet(), config.partitions());
    boolean mayOwn = connected && cacheReady && registered();
    SortedSet<Integer> next = mayOwn ? assignment.partitionsOf(config.nodeId()) : NONE;
    view = new ClusterView(config.nodeId(), members, assignment, next);
    tell(next);
  }

  private boolean registered() {
    return registeredSession != 0 && registeredSession == currentSession();
  }

  private long currentSession() {
    try {
      return client.getZookeeperClient().getZooKeeper().getSessionId();
    } catch (Exception e) {
      return 0;
    }
  }

  /*
   * Creates this node's ephemeral znode in the current session. If it exists in another session,
   * that is either this node's previous session, which the server has not expired yet (Curator
   * declares a session lost after the session timeout on its own clock), or another live process
   * using the same id. Either way the node waits: when that znode goes, the cache reports it, and
   * the update that follows registers again.
   */
  private void register() {
    byte[] data = MemberJson.write(new Member(config.nodeId(), config.internalUrl(),
        secret.proof(config.namespace(), config.nodeId(), config.internalUrl())));
    try {
      Stat stat = new Stat();
      client.create().storingStatIn(stat).creatingParentContainersIfNeeded()
          .withMode(CreateMode.EPHEMERAL).forPath(config.memberPath(), data);
      registeredSession = stat.getEphemeralOwner();
      LOG.info("{} joined the cluster at {}", config.nodeId(), config.memberPath());
    } catch (KeeperException.NodeExistsException e) {
      Stat stat = existing();
      long session = currentSession();
      if (stat != null && stat.getEphemeralOwner() == session) {
        registeredSession = session;  // a retried create that had succeeded
      } else if (stat != null && stat.getEphemeralOwner() != reportedHolder) {
        reportedHolder = stat.getEphemeralOwner();
        LOG.warn("{} is held by ZooKeeper session 0x{} (an earlier one of this node, or another"
            + " node with the same id); waiting for it to go", config.memberPath(),
            Long.toHexString(reportedHolder));
      }
    } catch (Exception e) {
      LOG.warn("{} could not register; trying again on the next change", config.nodeId(), e);
    }
  }

  private Stat existing() {
    try {
      return client.checkExists().forPath(config.memberPath());
    } catch (Exception e) {
      return null;
    }
  }

  private SortedMap<String, Member> members() {
    SortedMap<String, Member> members = new TreeMap<>();
    cache.stream()
        .filter(child -> ZKPaths.getPathAndNode(child.getPath()).getPath().equals(config.membersPath()))
        .forEach(child -> addMember(members, child));
    return members;
  }

  private void addMember(SortedMap<String, Member> members, ChildData child) {
    String id = ZKPaths.getNodeFromPath(child.getPath());
    var member = MemberJson.read(child.getData()).filter(m -> m.id().equals(id));
    if (member.isPresent() && secret.proves(config.namespace(), member.get())) {
      members.put(id, member.get());
    } else if (reportedStrangers.size() < MAX_REPORTED && reportedStrangers.add(child.getPath() + "@" + (child.getStat() == null ? 0 : child.getStat().getCzxid()))) {
      LOG.warn("ignoring member {}: {}", child.getPath(), member.isEmpty() ? "its data is not a member's JSON"
          : "it gives no proof that it holds the cluster secret (its cluster-secret differs, or it is not a Letterbox node)");
    }
  }

  private void tell(SortedSet<Integer> next) {
    SortedSet<Integer> lost = minus(owned, next);
    SortedSet<Integer> gained = minus(next, owned);
    owned = next;
    if (!lost.isEmpty()) {
      LOG.info("{} lost {} partitions", config.nodeId(), lost.size());
      call(() -> listener.lost(lost));
    }
    if (!gained.isEmpty()) {
      LOG.info("{} gained {} partitions", config.nodeId(), gained.size());
      call(() -> listener.gained(gained));
    }
  }

  private void call(Runnable listenerCall) {
    try {
      listenerCall.run();
    } catch (RuntimeException e) {
      LOG.error("the membership listener of {} failed", config.nodeId(), e);
    }
  }

  private static SortedSet<Integer> minus(SortedSet<Integer> a, SortedSet<Integer> b) {
    TreeSet<Integer> rest = new TreeSet<>(a);
    rest.removeAll(b);
    return Collections.unmodifiableSortedSet(rest);
  }

  /**
   * Leaves the cluster: tells the listener that every partition is lost, and only then removes
   * this node's znode, so that the others take over after this node has stopped writing.
   */
  @Override
  public void close() {
    if (!closing.compareAndSet(false, true)) {
      return;
    }
    if (Thread.currentThread() == eventsThread) {
      leave();
    } else {
      try {
        events.submit(this::leave).get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (ExecutionException e) {
        LOG.warn("{} could not leave cleanly", config.nodeId(), e.getCause());
      }
    }
    cache.close();
    client.close();  // ends the session: ZooKeeper removes the znode now if the delete failed
    events.shutdown();
  }

  private void leave() {
    if (left) {
      return;
    }
    tell(NONE);
    left = true;
    view = new ClusterView(config.nodeId(), view.members(), view.assignment(), NONE);
    if (registered()) {
      try {
        client.delete().forPath(config.memberPath());
        LOG.info("{} left the cluster", config.nodeId());
      } catch (Exception e) {
        LOG.warn("{} could not remove {}; closing its session removes it", config.nodeId(),
            config.memberPath(), e);
      }
    }
  }
}
