// App code and tests that use the facades also use the runtime's clock and tasks.
@_exported import SimulateAsync
