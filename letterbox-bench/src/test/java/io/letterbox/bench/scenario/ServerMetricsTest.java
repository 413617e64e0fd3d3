package io.letterbox.bench.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ServerMetricsTest {
  @Test
  void readsTheLagGaugeAndTheProcessCpuTimeOfThePrometheusText() {
    String metrics = "# HELP letterbox_search_lag_entries Journal entries not indexed yet\n"
        + "# TYPE letterbox_search_lag_entries gauge\n"
        + "letterbox_search_lag_entries 1234.0\n"
        + "letterbox_event_streams 0.0\n"
        + "# TYPE process_cpu_time_ns_total counter\n"
        + "process_cpu_time_ns_total 5.62E9\n";
    ServerMetrics.Reading r = ServerMetrics.parse(metrics);
    assertThat(r.searchLag()).hasValue(1234);
    assertThat(r.cpuNanos()).hasValue(5.62e9);
  }

  @Test
  void aFigureTheServerDoesNotReportIsEmpty() {
    ServerMetrics.Reading r = ServerMetrics.parse("letterbox_event_streams 0.0\n");
    assertThat(r.searchLag()).isEmpty();
    assertThat(r.cpuNanos()).isEmpty();
  }
}
