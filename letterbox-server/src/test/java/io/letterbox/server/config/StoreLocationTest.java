package io.letterbox.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.letterbox.hbase.HBaseStoreOptions;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class StoreLocationTest {
  private static final HBaseStoreOptions DEFAULTS = HBaseStoreOptions.builder().namespace("letterbox").saltBuckets(8).build();

  @Test
  void rocksdbNamesADirectory() {
    assertThat(StoreLocation.parse("rocksdb:/var/lib/letterbox", DEFAULTS))
        .isEqualTo(new StoreLocation.RocksDb(Path.of("/var/lib/letterbox")));
  }

  @Test
  void hbaseNamesAQuorumAndOptionallyANamespace() {
    StoreLocation withNamespace = StoreLocation.parse("hbase:zk1:2181,zk2:2181/dms", DEFAULTS);
    StoreLocation without = StoreLocation.parse("hbase:127.0.0.1:2181", DEFAULTS);

    assertThat(withNamespace).hasToString("hbase:zk1:2181,zk2:2181/dms");
    assertThat(without).hasToString("hbase:127.0.0.1:2181/letterbox");
    assertThat(((StoreLocation.HBase) without).options().saltBuckets()).as("the rest from the defaults").isEqualTo(8);
  }

  @Test
  void anythingElseIsRefusedWithTheExpectedForm() {
    for (String bad : new String[] {"mysql:db", "rocksdb:", "hbase:", "/var/lib/letterbox", "hbase:zk:2181/bad-name"}) {
      assertThatThrownBy(() -> StoreLocation.parse(bad, DEFAULTS)).as(bad).isInstanceOf(ConfigException.class);
    }
  }
}
