/// An object that the scheduler calls back directly, with the tag it was scheduled with.
///
/// A conformer is called on the run's thread, at the event's virtual time, once per event it was
/// scheduled for (never for a cancelled one); it may schedule more events and must not block. The
/// scheduler keeps the target alive until the event has fired or been dropped.
public protocol ScheduledTarget: AnyObject {
    /// The event scheduled with `tag` is due now.
    func fire(_ tag: Int)
}
