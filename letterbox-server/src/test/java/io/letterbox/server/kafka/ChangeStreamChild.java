package io.letterbox.server.kafka;

import io.letterbox.server.config.KafkaChangeStreamSettings;
import java.util.List;
import java.util.stream.IntStream;

/**
 * A process that publishes positions 1..total of one partition to the change stream, resuming
 * after the position the stream answers, {@code batch} events per publish, and prints each
 * committed position: the process a test kills with SIGKILL mid-stream.
 *
 * <p>Arguments: bootstrap servers, topic, transactional id prefix, partition, total, batch.
 */
public final class ChangeStreamChild {
  private ChangeStreamChild() {}

  public static void main(String[] args) {
    var settings = new KafkaChangeStreamSettings(args[0], args[1], args[2], Integer.parseInt(args[5]));
    int partition = Integer.parseInt(args[3]);
    int total = Integer.parseInt(args[4]);
    int batch = Integer.parseInt(args[5]);
    try (KafkaChangeStream stream = new KafkaChangeStream(settings)) {
      int from = stream.open(partition).join().map(Integer::parseInt).orElse(0);
      System.out.println("resumed after " + from);
      for (int next = from + 1; next <= total; next += batch) {
        int to = Math.min(total, next + batch - 1);
        List<ChangeEvent> events = IntStream.rangeClosed(next, to)
            .mapToObj(i -> new ChangeEvent(i % 5, Integer.toString(i), "{\"position\":\"" + i + "\"}")).toList();
        stream.publish(partition, events).join();
        System.out.println("committed " + to);
      }
    }
    System.out.println("done");
  }
}
