package io.letterbox.bench.cli;

import java.util.List;

import picocli.CommandLine;
import picocli.CommandLine.Option;

/** Where Letterbox keeps its data in a run: embedded RocksDB, or an HBase cluster the bench is pointed at. */
public final class StoreOptions {
  /** Letterbox's storage backends. */
  public enum Store { ROCKSDB, HBASE }

  @Option(names = "--store", paramLabel = "rocksdb|hbase",
      description = "Letterbox's store: rocksdb (embedded, in the working directory; default) or hbase (the cluster at"
          + " --hbase-quorum, in a new namespace of its own, dropped afterwards unless --keep-data).",
      defaultValue = "rocksdb")
  Store store = Store.ROCKSDB;

  @Option(names = "--hbase-quorum", paramLabel = "HOST:PORT[,...]",
      description = "ZooKeeper of the HBase cluster for --store hbase and the hbase-buffered-mutator baseline. The"
          + " bench starts no cluster: letterbox-hbase/local-hbase/start-hbase DIR 2181 starts one on this machine.")
  String hbaseQuorum;

  @Option(names = "--nodes", split = ",", paramLabel = "N[,N...]",
      description = "Letterbox as N nodes sharing its store (engines in this process, each owning a share of 64"
          + " partitions, deliveries between them in memory); several counts run side by side, e.g. 1,3"
          + " (default: 1, one engine and a partition per two cores).")
  List<Integer> nodes = List.of(1);

  @Option(names = "--partitions", paramLabel = "P",
      description = "Partitions of Letterbox's store (1-512; default: 64 when --nodes lists a count above 1, else one"
          + " per two cores, as a server gives a new store)."
          + " With several node counts every target gets the same P, so that they differ in nodes only.")
  Integer partitions;

  @Option(names = "--delivery-wait", paramLabel = "DURATION",
      description = "How long a send's reply waits for the message to be applied in the receiver's partition"
          + " (Letterbox's delivery-wait, ISO-8601; default PT2S; PT0S: the reply does not wait, the receiver reads"
          + " it a group commit later). Matters with more than one partition.")
  java.time.Duration deliveryWait;

  /** @return the delivery wait of every Letterbox target, or null for Letterbox's default */
  public java.time.Duration deliveryWait() {
    return deliveryWait;
  }

  /** @return the partition count of every Letterbox target */
  public int partitions() {
    if (partitions != null) {
      return partitions;
    }
    return nodes.stream().anyMatch(n -> n > 1) ? 64
        : io.letterbox.engine.partition.Partitioning.forCores(Runtime.getRuntime().availableProcessors());
  }

  /** @return the node counts Letterbox runs with, each its own target */
  public List<Integer> nodes() {
    return nodes;
  }

  /** The options of a scenario that runs on RocksDB only. */
  public static StoreOptions rocksdb() {
    return new StoreOptions();
  }

  public Store store() {
    return store;
  }

  /** @return the HBase cluster's ZooKeeper quorum, or null if none was given */
  public String hbaseQuorum() {
    return hbaseQuorum;
  }

  /** @throws CommandLine.ParameterException if {@code --store hbase} has no cluster to go to */
  public void validate(CommandLine commandLine) {
    if (nodes.isEmpty() || nodes.stream().anyMatch(n -> n < 1 || n > 16) || nodes.stream().distinct().count() != nodes.size()) {
      throw new CommandLine.ParameterException(commandLine, "--nodes takes distinct counts from 1 to 16: " + nodes);
    }
    if (partitions() < 1 || partitions() > 512 || partitions() < java.util.Collections.max(nodes)) {
      throw new CommandLine.ParameterException(commandLine, "--partitions must be 1-512 and at least the largest --nodes: "
          + partitions());
    }
    if (store == Store.HBASE && (hbaseQuorum == null || hbaseQuorum.isBlank())) {
      throw new CommandLine.ParameterException(commandLine, "--store hbase needs --hbase-quorum HOST:PORT (start a"
          + " cluster on this machine with letterbox-hbase/local-hbase/start-hbase DIR 2181)");
    }
  }
}
