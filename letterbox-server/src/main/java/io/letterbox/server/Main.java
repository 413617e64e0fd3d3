package io.letterbox.server;

import io.letterbox.server.cli.BackupCommand;
import io.letterbox.server.cli.MigrateCommand;
import io.letterbox.server.cli.RebuildCommand;
import io.letterbox.server.cli.RestoreCommand;
import io.letterbox.server.cli.ServeCommand;
import io.letterbox.server.cli.TokenCommand;
import io.letterbox.server.config.ConfigException;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code letterbox} command. Exit codes: 0 success, 1 failure at run time, 2 bad usage or
 * configuration (nothing was started).
 */
@Command(name = "letterbox", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Letterbox: a private-message store for social platforms.",
    subcommands = {ServeCommand.class, MigrateCommand.class, RebuildCommand.class, BackupCommand.class,
        RestoreCommand.class, TokenCommand.class,
        CommandLine.HelpCommand.class})
public final class Main implements Runnable {
  public static final int EXIT_CONFIG = 2;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /** The command line, also used by tests to run commands in-process. */
  public static CommandLine commandLine() {
    return new CommandLine(new Main())
        .setExecutionExceptionHandler((e, cmd, parsed) -> {
          if (e instanceof ConfigException) {
            cmd.getErr().println("letterbox: configuration error: " + e.getMessage());
            return EXIT_CONFIG;
          }
          LoggerFactory.getLogger(Main.class).error("letterbox failed", e);
          cmd.getErr().println("letterbox: " + e.getMessage());
          return 1;
        });
  }

  @Override
  public void run() {
    // No subcommand: picocli answers with the message, the usage and exit code 2.
    throw new CommandLine.ParameterException(spec.commandLine(), "a command is required, e.g. serve");
  }
}
