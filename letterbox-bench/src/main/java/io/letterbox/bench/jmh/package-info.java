/** JMH microbenchmarks of the engine's hot paths (codecs, id generation, bitmap blocks); run with {@code jmh}. */
package io.letterbox.bench.jmh;
