package io.letterbox.bench;

import io.letterbox.bench.cli.Sizes;
import io.letterbox.bench.scenario.BroadcastFanoutScenario;
import io.letterbox.bench.scenario.ConversationListScenario;
import io.letterbox.bench.scenario.BackupScenario;
import io.letterbox.bench.scenario.ErasureScenario;
import io.letterbox.bench.scenario.EventsScenario;
import io.letterbox.bench.scenario.GroupScenario;
import io.letterbox.bench.scenario.HotSenderScenario;
import io.letterbox.bench.scenario.HttpScenario;
import io.letterbox.bench.scenario.MixedScenario;
import io.letterbox.bench.scenario.ReadPageScenario;
import io.letterbox.bench.scenario.SearchScenario;
import io.letterbox.bench.scenario.SendScenario;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/**
 * {@code java -jar letterbox-bench.jar SCENARIO [options]}: the seed workload against Letterbox
 * and, with {@code --baseline}, the designs it replaces, side by side; or {@code jmh [JMH
 * options]} for the microbenchmarks. docs/benchmarks.md has the commands and the latest figures.
 */
@Command(name = "letterbox-bench", mixinStandardHelpOptions = true, version = "letterbox-bench 0.1",
    description = "Runs a Letterbox benchmark scenario, with baselines side by side.",
    subcommands = {SendScenario.class, ReadPageScenario.class, MixedScenario.class,
        BroadcastFanoutScenario.class, HotSenderScenario.class, ConversationListScenario.class, EventsScenario.class,
        GroupScenario.class, SearchScenario.class, HttpScenario.class, ErasureScenario.class, BackupScenario.class,
        JmhCommand.class, io.letterbox.bench.report.SummaryCommand.class})
public final class BenchMain implements Runnable {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /** The command line, for tests that run scenarios in-process. */
  public static CommandLine commandLine() {
    CommandLine line = new CommandLine(new BenchMain()).setCaseInsensitiveEnumValuesAllowed(true);
    line.getSubcommands().forEach((name, scenario) ->
        scenario.getCommandSpec().usageMessage().footer(Sizes.help(name).toArray(String[]::new)));
    return line;
  }

  @Override
  public void run() {
    spec.commandLine().usage(System.out);
  }
}
