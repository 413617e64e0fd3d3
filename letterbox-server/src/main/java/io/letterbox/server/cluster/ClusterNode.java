package io.letterbox.server.cluster;

import io.letterbox.engine.Letterbox;
import io.letterbox.engine.partition.PartitionRecords;
import io.letterbox.server.config.ClusterSettings;
import io.letterbox.server.http.forwarding.ClusterMap;
import io.letterbox.store.KeyValueStore;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This server as a member of a cluster (decision 0007): its {@link Membership} tells it which
 * partitions it owns, and it has the engine take and release them; it answers the HTTP layer's
 * questions about who owns what.
 */
public final class ClusterNode implements ClusterMap, AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(ClusterNode.class);

  private final ClusterSettings settings;
  private final String quorum;
  private final String namespace;
  private final KeyValueStore store;
  private volatile Letterbox box;
  private volatile Membership membership;
  private final ClusterSecret secret;

  public ClusterNode(ClusterSettings settings, String quorum, String namespace, KeyValueStore store) {
    this.settings = settings;
    this.quorum = quorum;
    this.namespace = namespace;
    this.store = store;
    this.secret = new ClusterSecret(settings.secret());
  }

  /** Joins the cluster: from now on this node takes the partitions it is assigned. */
  public void join(Letterbox engine) {
    this.box = engine;
    MembershipConfig config = MembershipConfig.builder()
        .connectString(quorum)
        .namespace(namespace)
        .partitions(engine.partitions().partitioning().count())
        .nodeId(settings.node())
        .internalUrl(settings.url())
        .sessionTimeout(settings.sessionTimeout())
        .secret(settings.secret())
        .zookeeperAuth(settings.zookeeperAuth())
        .build();
    this.membership = Membership.start(config, new Membership.Listener() {
      @Override
      public void gained(Set<Integer> partitions) {
        for (int p : partitions) {
          try {
            box.partitions().take(p);
          } catch (RuntimeException e) {
            // The engine takes it again on its own once the store answers (Letterbox.retake).
            log.error("partition {}: cannot take it now", p, e);
          }
        }
        log.info("took partitions {}; hosting {}", partitions, box.partitions().hosted().keySet());
      }

      @Override
      public void lost(Set<Integer> partitions) {
        partitions.forEach(box.partitions()::release);
        log.info("released partitions {}; hosting {}", partitions, box.partitions().hosted().keySet());
      }
    });
  }

  @Override
  public String self() {
    return settings.node();
  }

  @Override
  public Optional<URI> urlOf(int partition) {
    Membership m = membership;
    if (m == null) {
      return Optional.empty();
    }
    return m.view().ownerOf(partition).filter(owner -> !owner.id().equals(settings.node())).map(Member::url);
  }

  @Override
  public List<URI> others() {
    Membership m = membership;
    List<URI> out = new ArrayList<>();
    if (m != null) {
      m.view().members().values().stream().filter(x -> !x.id().equals(settings.node())).forEach(x -> out.add(x.url()));
    }
    return out;
  }

  @Override
  public ClusterSecret secret() {
    return secret;
  }

  @Override
  public int internalPort() {
    return settings.listenPort();
  }

  @Override
  public Object describe() {
    Membership m = membership;
    ClusterView view = m == null ? null : m.view();
    int partitions = box.partitions().partitioning().count();
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("self", settings.node());
    out.put("partitions", partitions);
    List<Map<String, Object>> members = new ArrayList<>();
    if (view != null) {
      for (Member member : view.members().values()) {
        List<Integer> owned = new ArrayList<>();
        for (int p = 0; p < partitions; p++) {
          if (view.ownerOf(p).map(o -> o.id().equals(member.id())).orElse(false)) {
            owned.add(p);
          }
        }
        Map<String, Object> one = new LinkedHashMap<>();
        one.put("id", member.id());
        one.put("url", member.url().toString());
        one.put("partitions", owned);
        members.add(one);
      }
    }
    out.put("members", members);
    Map<String, Long> epochs = new TreeMap<>();
    for (int p = 0; p < partitions; p++) {
      epochs.put(Integer.toString(p), PartitionRecords.epoch(store, p));
    }
    out.put("epochs", epochs);
    Map<String, Long> hosted = new TreeMap<>();
    box.partitions().hosted().forEach((p, epoch) -> hosted.put(Integer.toString(p), epoch));
    out.put("hosted", hosted);
    return out;
  }

  @Override
  public boolean ready() {
    Membership m = membership;
    if (m == null) {
      return false;
    }
    ClusterView view = m.view();
    return view.members().containsKey(settings.node()) && box.partitions().hosted().keySet().containsAll(view.owned());
  }

  /** Leaves the cluster: releases every partition first, so that others take them at once. */
  @Override
  public void close() {
    Membership m = membership;
    if (m != null) {
      m.close();
    }
  }
}
